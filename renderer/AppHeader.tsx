import { ProfileSelector } from './features/profile/ProfileSelector';
import { useAppInfo } from './queries/appInfo';

/** App name, the Profile selector, and which host this window runs in. */
export function AppHeader() {
  const info = useAppInfo().data;
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Agent Explorer</span>
        {info && <span className="brand-version">v{info.version}</span>}
      </div>
      <ProfileSelector />
      {info && (
        <span className="host-kind" title={info.host === 'electron' ? 'Running as the desktop app' : 'Running in a browser tab against the local host'}>
          {info.host === 'electron' ? 'Desktop' : 'Browser mode'}
        </span>
      )}
    </header>
  );
}
