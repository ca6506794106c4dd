import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveTextFileOn } from '../../../renderer/queries/saveTextFile';
import { FakeApi } from '../../support/fakeApi';

/** A file the app made is saved the host's way: the desktop's dialog, or a browser download. */
describe('saveTextFileOn', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads in a browser: a link with the file name and the content as a typed Blob, clicked once, then gone', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:report'), revokeObjectURL: () => undefined });
    const clicked: Array<{ download: string; href: string; inPage: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, inPage: document.body.contains(this) });
    });
    const api = new FakeApi();
    const answer = await saveTextFileOn(api, 'browser', { suggestedName: 'qa-report.html', content: '<h1>QA</h1>', mediaType: 'text/html' });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: null } });
    expect(clicked).toEqual([{ download: 'qa-report.html', href: 'blob:report', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/html;charset=utf-8');
    expect(await blobs[0]!.text()).toBe('<h1>QA</h1>');
    expect(api.callsOf('saveTextFile')).toEqual([]);
  });

  it("asks the desktop host, which shows its save dialog, and passes on a cancel", async () => {
    const api = new FakeApi();
    const file = { suggestedName: 'workspace.json', content: '{}\n', mediaType: 'application/json' } as const;
    expect(await saveTextFileOn(api, 'electron', file)).toEqual({ ok: true, value: { saved: true, path: '/home/user/Downloads/workspace.json' } });
    api.saveResponder = () => ({ ok: true, value: { saved: false, path: null } });
    expect(await saveTextFileOn(api, 'electron', file)).toEqual({ ok: true, value: { saved: false, path: null } });
    expect(api.callsOf('saveTextFile')).toEqual([file, file]);
  });
});
