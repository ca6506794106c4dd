import type { WebContents } from 'electron';
import type { FindInPageResult, Result, Shell } from '../../shared/api';

/** A find whose final answer never comes (superseded, page gone) still ends. */
const ANSWER_TIMEOUT_MS = 3000;

/**
 * Find in page for the Electron window, which has no find bar of its own: the page's find bar
 * (renderer/features/find) asks, and Chromium's find answers through `webContents.findInPage`
 * and its 'found-in-page' events. Those come in pieces (the count and the active match can
 * arrive in separate updates), so the answer is what the updates for this request id said by
 * the final one.
 *
 * Electron's `findNext` option means "begin a new search session" (true for a first request,
 * false for follow-ups, per its FindInPageOptions docs), the reverse of what the name
 * suggests; the contract says `newSearch` and is mapped here.
 */
export function findInPageApi(contents: () => WebContents | null): Pick<Shell, 'findInPage' | 'stopFindInPage'> {
  return {
    findInPage(request) {
      const target = contents();
      if (target === null || target.isDestroyed()) {
        return Promise.resolve({ ok: false, error: { code: 'internal', message: 'There is no page to search.' } });
      }
      return new Promise<Result<FindInPageResult>>((resolve) => {
        const seen: FindInPageResult = { matches: 0, activeMatchOrdinal: 0 };
        let requestId: number | null = null;
        const finish = () => {
          clearTimeout(timer);
          target.off('found-in-page', onFound);
          resolve({ ok: true, value: { ...seen } });
        };
        const onFound = (_event: unknown, result: Electron.Result) => {
          if (result.requestId !== requestId) return;
          if (typeof result.matches === 'number') seen.matches = result.matches;
          if (typeof result.activeMatchOrdinal === 'number') seen.activeMatchOrdinal = result.activeMatchOrdinal;
          if (result.finalUpdate) finish();
        };
        const timer = setTimeout(finish, ANSWER_TIMEOUT_MS);
        target.on('found-in-page', onFound);
        requestId = target.findInPage(request.text, { forward: request.forward, findNext: request.newSearch });
      });
    },
    async stopFindInPage() {
      const target = contents();
      if (target === null || target.isDestroyed()) return { ok: true, value: { stopped: false } };
      // keepSelection: the match found stays selected (so Copy works on it); highlights go.
      target.stopFindInPage('keepSelection');
      return { ok: true, value: { stopped: true } };
    },
  };
}
