import { BROWSER_CAPABILITIES, exportDownloadPath, type HostShell, type SaveTextFileRequest } from '../../electron/shared/api';

/**
 * Hands a file to the browser as a download: a temporary link with `download`, so the browser
 * saves it where it saves downloads (and may ask, by its own settings). A file the page made
 * (a QA report, a workspace file) is a Blob behind the link, its object URL revoked once the
 * click has been handled; a file the host holds (an exported run, by its ticket) is the host's
 * address for it, which the browser reads and writes to disk as it comes (the page never holds it).
 */
function download(file: SaveTextFileRequest): void {
  const url =
    'ticket' in file
      ? exportDownloadPath(file.ticket)
      : URL.createObjectURL(new Blob([file.content], { type: `${file.mediaType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.suggestedName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    if (!('ticket' in file)) setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** A Shell method a browser tab does not have: its capability is false, so the page never calls it. */
function notInABrowser(what: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${what} is the desktop app's: a browser tab has no such window.`));
}

/**
 * The Shell of a browser tab. It has none of the desktop window's powers (BROWSER_CAPABILITIES):
 * the browser's own find bar answers Ctrl/Cmd+F, and the page opens files with a file input.
 * Saving a file is a download, which needs no dialog of ours, so `saveTextFile` does that and
 * answers where it went as a browser can: saved, with no path (the browser chooses).
 */
export const browserShell: HostShell = {
  capabilities: BROWSER_CAPABILITIES,
  async saveTextFile(file) {
    download(file);
    return { ok: true, value: { saved: true, path: null } };
  },
  findInPage: notInABrowser('Find in page'),
  stopFindInPage: notInABrowser('Find in page'),
  openSuiteFile: notInABrowser('The open dialog'),
};
