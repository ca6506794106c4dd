import { useEffect, useRef, useState } from 'react';
import { ProfileSelector } from '../features/profile/ProfileSelector';
import { LazyProfilesDialog, LazySettingsDialog } from '../features/settings/LazyDialogs';
import { useAppInfo } from './appInfo';
import { useProfilesDialogRequests } from '../ui/profilesDialogRequest';

/** How the Profiles dialog was opened: which profile it shows first, and whether to go to its key. */
interface DialogRequest {
  profileId?: string;
  focusKey: boolean;
  /** Open at the profile's Detect section (an error's "Detect how the key is sent"). */
  focusDetect?: boolean;
}

/**
 * App name, the Profile selector with Manage profiles, and which host this window runs in.
 * The Profiles dialog is rendered after the header, not inside it, so the banner landmark
 * holds only the header's own content.
 */
export function AppHeader() {
  const info = useAppInfo().data;
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const manageButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  function open(request: DialogRequest) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(request);
  }
  // "Set a key" and "Detect how the key is sent" on an error panel open the dialog here.
  useProfilesDialogRequests(({ profileId, focus }) =>
    open({ ...(profileId === undefined ? {} : { profileId }), focusKey: focus === 'api-key', focusDetect: focus === 'detect' }),
  );

  // Focus goes back to what opened the dialog; if that has gone (the "Set a key" button
  // disappears once a key is set), to Manage profiles, never to the top of the page.
  useEffect(() => {
    if (dialog !== null || !opener.current) return;
    const target = opener.current.isConnected ? opener.current : manageButton.current;
    opener.current = null;
    target?.focus();
  }, [dialog]);

  return (
    <>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          {/* The page's one level-one heading: every screen sits under the app's name. */}
          <h1 className="brand-name">Agent Explorer</h1>
          {info && <span className="brand-version">v{info.version}</span>}
        </div>
        <div className="profile-bar">
          <ProfileSelector onSetKey={(profileId) => open({ profileId, focusKey: true })} />
          <button
            ref={manageButton}
            type="button"
            className="button-quiet button-small"
            aria-haspopup="dialog"
            onClick={() => open({ focusKey: false })}
          >
            Manage profiles
          </button>
        </div>
        <button type="button" className="button-quiet button-small" aria-haspopup="dialog" onClick={() => setSettingsOpen(true)}>
          Settings
        </button>
        {info && (
          <span
            className="host-kind"
            title={info.host === 'electron' ? 'Running as the desktop app' : 'Running in a browser tab against the local host'}
          >
            {info.host === 'electron' ? 'Desktop' : 'Browser mode'}
          </span>
        )}
      </header>
      {settingsOpen && <LazySettingsDialog onClose={() => setSettingsOpen(false)} />}
      {dialog && (
        <LazyProfilesDialog
          onClose={() => setDialog(null)}
          initialProfileId={dialog.profileId}
          focusKey={dialog.focusKey}
          focusDetect={dialog.focusDetect}
        />
      )}
    </>
  );
}
