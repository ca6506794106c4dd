import { connectHost } from '../host';
import { startApp } from './startApp';
import '../ui/styles/base.css';
import '../ui/styles/layout.css';
import '../ui/styles/controls.css';
import '../ui/styles/segmented.css';
import '../ui/styles/dataTable.css';
import '../ui/styles/pickList.css';
import '../features/runs/results.css';
import '../ui/styles/alerts.css';
import '../ui/styles/markdown.css';
import '../features/guidelines/reader.css';
import '../features/profile/profiles.css';
import '../features/invoke/workbench.css';
import '../features/catalog/catalog.css';
import '../features/history/history.css';
import '../features/history/historyCompare.css';
import '../features/guidelines/library.css';
import '../features/guidelines/tabs/guidelineTabs.css';
import '../features/response/response.css';
import '../features/response/jsonTree.css';
import '../features/response/timing.css';
import '../features/workspace/workspaceFile.css';
import '../features/runs/runs.css';
import '../features/runs/view/runView.css';
import '../features/runs/insights/runInsights.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');

// An address pasted into a tab that is already open changes only the fragment, which loads
// nothing: start again so its token is spent (browser mode; Electron has no such addresses).
window.addEventListener('hashchange', () => {
  if (/(?:^#|&)token=/.test(window.location.hash)) window.location.reload();
});

void startApp(rootElement, connectHost, () => import('./showApp'));
