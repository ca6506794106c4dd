import { dialog, shell, type BrowserWindow } from 'electron';

/**
 * Links in guideline content open in the system browser, never in the app: only https links,
 * and only after the user confirms the exact address.
 */
export async function openExternalLink(window: BrowserWindow, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol !== 'https:') return;
  const { response } = await dialog.showMessageBox(window, {
    type: 'question',
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Open this link in your browser?',
    detail: parsed.toString(),
  });
  if (response === 0) await shell.openExternal(parsed.toString());
}
