import { dialog, shell, type BrowserWindow } from 'electron';

/**
 * Links in guideline content open in the system browser, never in the app: only https links,
 * and only after the user confirms the exact address. `shell.openExternal` hands its argument
 * to the OS, which would also run file:, smb: or custom-scheme handlers, so nothing but a
 * parsed, re-serialised https URL ever reaches it.
 */

/** Longer than any real link; a longer one is refused rather than shown truncated. */
const MAX_URL_LENGTH = 2048;

/** One confirmation at a time: a page cannot stack dialogs by asking again and again. */
let confirming = false;

/**
 * The address to open, or null when it must not be opened: not https, not parseable, too
 * long, or carrying a user name or password (`https://bank.example@evil.example/` reads as a
 * bank but goes elsewhere).
 */
export function externalLinkTarget(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.toString();
}

export async function openExternalLink(window: BrowserWindow | null, url: string): Promise<void> {
  const target = externalLinkTarget(url);
  if (target === null || confirming) return;
  confirming = true;
  try {
    const options = {
      type: 'question' as const,
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Open this link in your browser?',
      detail: target,
    };
    const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
    if (response === 0) await shell.openExternal(target); // eng-disable OPEN_EXTERNAL_JS_CHECK -- reviewed:
    // `target` comes from externalLinkTarget (https only, no credentials, re-serialised) and the
    // user has just confirmed that exact address in the dialog above.
  } catch {
    // No browser registered, or the dialog failed: the link stays unopened, and there is no one
    // to tell (the page asked for a window and was already refused one).
  } finally {
    confirming = false;
  }
}
