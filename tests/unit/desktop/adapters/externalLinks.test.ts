import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The one door from the app to the OS's URL handlers: only https, only after the user confirmed
 * the exact address, one confirmation at a time. Electron is the shared fake
 * (tests/support/fakeElectron.ts): the binary is not needed to check what reaches
 * `shell.openExternal`.
 */
const { electron } = await vi.hoisted(async () => (await import('../../../support/fakeElectron')).createFakeElectron());
vi.mock('electron', () => electron);

const { externalLinkTarget, openExternalLink } = await import('../../../../electron/desktop/adapters/externalLinks');

beforeEach(() => {
  electron.dialog.showMessageBox.mockReset().mockResolvedValue({ response: 0 });
  electron.shell.openExternal.mockReset().mockResolvedValue(undefined);
});

describe('externalLinkTarget', () => {
  it('accepts https links, as re-serialised by the URL parser', () => {
    expect(externalLinkTarget('https://example.com/a b?q=1#x')).toBe('https://example.com/a%20b?q=1#x');
    expect(externalLinkTarget('HTTPS://EXAMPLE.com')).toBe('https://example.com/');
  });

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'ms-settings:privacy',
    'app://agent-explorer/index.html',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(externalLinkTarget(url)).toBeNull();
  });

  it('refuses links carrying a user name or password, and absurdly long ones', () => {
    expect(externalLinkTarget('https://bank.example@evil.example/')).toBeNull();
    expect(externalLinkTarget('https://user:pass@example.com/')).toBeNull();
    expect(externalLinkTarget(`https://example.com/${'a'.repeat(3000)}`)).toBeNull();
  });
});

describe('openExternalLink', () => {
  it('opens an https link after the user confirms the exact address', async () => {
    await openExternalLink(null, 'https://example.com/docs');
    expect(electron.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({ detail: 'https://example.com/docs', cancelId: 1, defaultId: 1 }),
    );
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('opens nothing when the user cancels', async () => {
    electron.dialog.showMessageBox.mockResolvedValue({ response: 1 });
    await openExternalLink(null, 'https://example.com/');
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('neither asks nor opens for a link that is not https', async () => {
    for (const url of ['http://example.com/', 'file:///C:/Windows/System32/calc.exe', 'javascript:alert(1)'])
      await openExternalLink(null, url);
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('shows one confirmation at a time, dropping requests made while it is open', async () => {
    let answer: (value: { response: number }) => void = () => undefined;
    electron.dialog.showMessageBox.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = openExternalLink(null, 'https://example.com/1');
    await openExternalLink(null, 'https://example.com/2');
    answer({ response: 0 });
    await first;
    expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/1');
    // And once it is closed, the next link is asked about again.
    await openExternalLink(null, 'https://example.com/3');
    expect(electron.shell.openExternal).toHaveBeenLastCalledWith('https://example.com/3');
  });

  it('does not throw when the OS cannot open the link', async () => {
    electron.shell.openExternal.mockRejectedValue(new Error('no handler'));
    await expect(openExternalLink(null, 'https://example.com/')).resolves.toBeUndefined();
  });
});
