import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserShell } from '../../../../renderer/host/browserShell';
import { HostProvider } from '../../../../renderer/host/HostContext';
import { useSaveTextFile } from '../../../../renderer/host/saveTextFile';
import { FakeApi } from '../../../support/fakeApi';

/** A file the app made is saved the host's way: the desktop's dialog, or a browser download. */
describe('useSaveTextFile', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The hook as a page of this host gets it: the fake as the desktop's Shell, or the browser's. */
  function saveOn(api: FakeApi) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <HostProvider api={api} shell={api.desktop ? api : undefined}>
        {children}
      </HostProvider>
    );
    return renderHook(() => useSaveTextFile(), { wrapper }).result.current;
  }

  it('downloads in a browser: a link with the file name and the content as a typed Blob, clicked once, then gone', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:report'), revokeObjectURL: () => undefined });
    const clicked: Array<{ download: string; href: string; inPage: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, inPage: document.body.contains(this) });
    });
    const api = new FakeApi();
    const answer = await saveOn(api)({ suggestedName: 'qa-report.html', content: '<h1>QA</h1>', mediaType: 'text/html' });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: null } });
    expect(clicked).toEqual([{ download: 'qa-report.html', href: 'blob:report', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/html;charset=utf-8');
    expect(await blobs[0]!.text()).toBe('<h1>QA</h1>');
    expect(api.callsOf('saveTextFile')).toEqual([]);
  });

  it("downloads a file the host holds from the host's address for its ticket: no Blob, the page never holds it", async () => {
    const created = vi.fn(() => 'blob:never');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined });
    const clicked: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
    const ticket = 'Abc_-'.padEnd(43, '0');
    const answer = await saveOn(new FakeApi())({ suggestedName: 'orders-run-2026-11-23.csv', ticket, mediaType: 'text/csv' });
    expect(answer).toEqual({ ok: true, value: { saved: true, path: null } });
    expect(clicked).toEqual([{ download: 'orders-run-2026-11-23.csv', href: `/export?ticket=${ticket}` }]);
    expect(created).not.toHaveBeenCalled();
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('asks the desktop host, which shows its save dialog, and passes on a cancel', async () => {
    const api = Object.assign(new FakeApi(), { desktop: true });
    const save = saveOn(api);
    const file = { suggestedName: 'workspace.json', content: '{}\n', mediaType: 'application/json' } as const;
    expect(await save(file)).toEqual({ ok: true, value: { saved: true, path: '/home/user/Downloads/workspace.json' } });
    api.saveResponder = () => ({ ok: true, value: { saved: false, path: null } });
    expect(await save(file)).toEqual({ ok: true, value: { saved: false, path: null } });
    expect(api.callsOf('saveTextFile')).toEqual([file, file]);
  });
});

describe("a browser tab's Shell", () => {
  it("has none of the desktop window's powers, and refuses to be asked for them", async () => {
    expect(browserShell.capabilities).toEqual({ findInPage: false, saveDialog: false, openDialog: false });
    await expect(browserShell.findInPage({ text: 'a', forward: true, newSearch: true })).rejects.toThrow(/desktop app's/);
    await expect(browserShell.openSuiteFile()).rejects.toThrow(/desktop app's/);
  });
});
