import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { findInPageApi } from '../../../../electron/desktop/adapters/findInPage';
import { dispatch } from '../../../../electron/core/validate';
import { createFakeElectron } from '../../../support/fakeElectron';

/**
 * adapters/findInPage.ts against a fake webContents that answers like Chromium: the count and
 * the active match in separate 'found-in-page' updates, then a final one. Whether Chromium
 * highlights the matches is Chromium's part (docs/security/needs-real-electron.md lists the real-Electron check).
 * The webContents is the shared fake's (tests/support/fakeElectron.ts): once destroyed it
 * throws when used, as Electron's does.
 */
const { FakeWebContents } = createFakeElectron();

class FakeContents extends FakeWebContents {
  requests = this.findRequests;
  override findInPage(text: string, options: unknown): number {
    const requestId = super.findInPage(text, options);
    queueMicrotask(() => {
      this.emit('found-in-page', {}, { requestId: requestId + 100, matches: 9, finalUpdate: true });
      this.emit('found-in-page', {}, { requestId, matches: 4, finalUpdate: false });
      this.emit('found-in-page', {}, { requestId, activeMatchOrdinal: 2, finalUpdate: true });
    });
    return requestId;
  }
}

describe('findInPageApi', () => {
  it("answers with this request's count and active match, gathered up to the final update", async () => {
    const contents = new FakeContents();
    const api = findInPageApi(() => contents as never);
    expect(await api.findInPage({ text: 'agent', forward: true, newSearch: true })).toEqual({
      ok: true,
      value: { matches: 4, activeMatchOrdinal: 2 },
    });
    expect(contents.listenerCount('found-in-page')).toBe(0);
  });

  it("maps newSearch to Electron's findNext (true starts a new session), and forward as is", async () => {
    const contents = new FakeContents();
    const api = findInPageApi(() => contents as never);
    await api.findInPage({ text: 'agent', forward: true, newSearch: true });
    await api.findInPage({ text: 'agent', forward: false, newSearch: false });
    expect(contents.requests).toEqual([
      { text: 'agent', options: { forward: true, findNext: true } },
      { text: 'agent', options: { forward: false, findNext: false } },
    ]);
  });

  it('stops keeping the selection, so the match found stays selected', async () => {
    const contents = new FakeContents();
    expect(await findInPageApi(() => contents as never).stopFindInPage()).toEqual({ ok: true, value: { stopped: true } });
    expect(contents.stopped).toEqual(['keepSelection']);
  });

  it('answers that there is no page once the page is destroyed, and touches it no more', async () => {
    const contents = new FakeContents();
    contents.destroy();
    const api = findInPageApi(() => contents as never);
    expect(await api.findInPage({ text: 'x', forward: true, newSearch: true })).toEqual({
      ok: false,
      error: { code: 'internal', message: 'There is no page to search.' },
    });
    expect(await api.stopFindInPage()).toEqual({ ok: true, value: { stopped: false } });
  });

  it('answers without a page, and ends even when Chromium never sends a final update', async () => {
    expect(await findInPageApi(() => null).findInPage({ text: 'x', forward: true, newSearch: true })).toMatchObject({ ok: false });
    vi.useFakeTimers();
    try {
      const silent = Object.assign(new EventEmitter(), { isDestroyed: () => false, findInPage: () => 1 });
      const answer = findInPageApi(() => silent as never).findInPage({ text: 'x', forward: true, newSearch: true });
      await vi.advanceTimersByTimeAsync(3000);
      expect(await answer).toEqual({ ok: true, value: { matches: 0, activeMatchOrdinal: 0 } });
      expect(silent.listenerCount('found-in-page')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('find arguments from the page', () => {
  const api = {} as never;
  const shell = { findInPage: async (request: unknown) => ({ ok: true, value: request }) } as never;

  it('takes text, direction and whether it is a new search', async () => {
    const request = { text: 'agent', forward: false, newSearch: true };
    expect(await dispatch(api, 'findInPage', request, shell)).toEqual({ ok: true, value: { ok: true, value: request } });
  });

  it.each([
    ['no text', { text: '', forward: true, newSearch: true }],
    ['too long a text', { text: 'x'.repeat(1001), forward: true, newSearch: true }],
    ['a direction that is not a boolean', { text: 'a', forward: 'yes', newSearch: true }],
    ['no newSearch', { text: 'a', forward: true }],
    ['not an object', 'agent'],
  ])('refuses %s', async (_name, raw) => {
    expect(await dispatch(api, 'findInPage', raw, shell)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('is unknown to a host without a window (browser mode gives no Shell)', async () => {
    expect(await dispatch(api, 'findInPage', { text: 'agent', forward: true, newSearch: true })).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'Unknown method "findInPage".' },
    });
  });
});
