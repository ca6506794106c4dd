import { describe, expect, it } from 'vitest';
import { browserEnvironment, launchPage, openerCommand } from '../../../electron/web/openBrowser';

describe('--open', () => {
  it('gives the browser an environment without any of the app’s variables', () => {
    const env = browserEnvironment({
      PATH: '/usr/bin',
      DISPLAY: ':0',
      AGENT_EXPLORER_API_KEY: 'key',
      AGENT_EXPLORER_BASE_URL: 'https://x.example',
      agent_explorer_auth: 'bearer',
    });
    expect(env).toEqual({ PATH: '/usr/bin', DISPLAY: ':0' });
  });

  it('forwards with a meta refresh and a link, the address escaped, and no referrer', () => {
    const page = launchPage('http://127.0.0.1:1/#token=a"b<c&d');
    expect(page).toContain('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:1/#token=a&quot;b&lt;c&amp;d">');
    expect(page).toContain('<a href="http://127.0.0.1:1/#token=a&quot;b&lt;c&amp;d">');
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
    expect(page).not.toContain('<script');
  });

  it('uses the platform’s opener, found on PATH', () => {
    expect(openerCommand('linux')).toBe('xdg-open');
    expect(openerCommand('darwin')).toBe('open');
    expect(openerCommand('win32')).toBe('explorer');
  });
});
