import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectHost } from './host';
import { launchProblem } from './host/launchMessages';
import { createQueryClient } from './queries/client';
import { Root } from './Root';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/pickList.css';
import './styles/results.css';
import './styles/alerts.css';
import './styles/markdown.css';
import './styles/reader.css';
import './styles/profiles.css';
import './styles/workbench.css';
import './styles/catalog.css';
import './styles/history.css';
import './styles/historyCompare.css';
import './styles/library.css';
import './styles/guidelineTabs.css';
import './styles/response.css';
import './styles/jsonTree.css';
import './styles/timing.css';
import './styles/workspaceFile.css';
import './styles/runs.css';
import './styles/runView.css';
import './styles/runInsights.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');

// An address pasted into a tab that is already open changes only the fragment, which loads
// nothing: start again so its token is spent (browser mode; Electron has no such addresses).
window.addEventListener('hashchange', () => {
  if (/(?:^#|&)token=/.test(window.location.hash)) window.location.reload();
});

void connectHost().then((connection) => {
  if (connection.ok) {
    createRoot(rootElement).render(
      <StrictMode>
        <Root api={connection.api} events={connection.events} shell={connection.shell} queryClient={createQueryClient()} />
      </StrictMode>,
    );
    return;
  }
  // Browser mode without a session: nothing can be asked of the host.
  rootElement.dataset['appState'] = 'error';
  createRoot(rootElement).render(
    <div className="launch-error" role="alert">
      <h1>Agent Explorer</h1>
      <p>{launchProblem(connection.reason)}</p>
    </div>,
  );
});
