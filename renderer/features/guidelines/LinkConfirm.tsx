import { useEffect, useRef } from 'react';
import { isOpenableExternally } from '../../lib/safeUrl';
import { CopyButton } from '../../ui/CopyButton';
import { ModalDialog } from '../../ui/ModalDialog';

/** True in the desktop app, whose main process confirms every new window itself (electron/desktop/adapters/externalLinks.ts). */
export function desktopConfirmsLinks(win: Window = window): boolean {
  return win.agentExplorer !== undefined;
}

/**
 * Opens a guideline's link outside the app. Never in the app's own page: a new browsing context
 * without an opener (`noopener`), no referrer. In the desktop app, `window.open` is refused by
 * `setWindowOpenHandler` and handed to `openExternalLink`, which shows the exact address in a
 * native dialog: that dialog is the confirmation, so the page does not ask twice.
 */
export function openOutside(url: string, win: Window = window): void {
  win.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The question before a link leaves the app (browser mode): the exact address, its host in
 * bold, Cancel first and focused. Only https links can be opened, as in the desktop app; any
 * other (http, mailto) can be copied instead.
 */
export function LinkConfirm({ url, onClose }: { url: string; onClose: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  const openable = isOpenableExternally(url);
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // The address was allowed by safeUrl, so it parses; a host-less one (mailto:) shows none.
  }
  return (
    <ModalDialog title="Open this link outside Agent Explorer?" onClose={onClose} className="link-confirm">
      <p>
        {openable
          ? 'It opens in a new browser tab, not in Agent Explorer.'
          : 'Only https links are opened from a guideline. You can copy this address instead.'}
        {host !== '' && (
          <>
            {' '}
            Host: <strong>{host}</strong>
          </>
        )}
      </p>
      <p className="mono link-confirm-url">{url}</p>
      <div className="actions">
        <button type="button" ref={cancelRef} className="button-quiet" onClick={onClose}>
          Cancel
        </button>
        <CopyButton text={url} label="Copy address">
          Copy address
        </CopyButton>
        {openable && (
          <button
            type="button"
            className="button-primary"
            onClick={() => {
              onClose();
              openOutside(url);
            }}
          >
            Open in browser
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
