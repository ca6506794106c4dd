import { describe, expect, it } from 'vitest';
import { browserModeArgs, hasDisplay } from '../../../electron/tooling/browserFallback.mjs';

describe("npm start's browser-mode fallback", () => {
  it.each([
    ['linux', {}, false],
    ['linux', { DISPLAY: ':0' }, true],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, true],
    ['linux', { DISPLAY: '' }, false],
    ['freebsd', { DISPLAY: ':1' }, true],
    ['darwin', {}, true],
    ['win32', {}, true],
  ] as const)('on %s with %j, a display: %s', (platform, env, expected) => {
    expect(hasDisplay(platform, env)).toBe(expected);
  });

  it('opens the browser where there is a display, and only prints the address where there is none', () => {
    expect(browserModeArgs(['--port', '8080'], 'linux', { DISPLAY: ':0' })).toEqual(['--port', '8080', '--open']);
    expect(browserModeArgs(['--port', '8080'], 'linux', {})).toEqual(['--port', '8080']);
    expect(browserModeArgs([], 'darwin', {})).toEqual(['--open']);
  });

  it('adds nothing to --help, nor a second --open', () => {
    expect(browserModeArgs(['--help'], 'win32', {})).toEqual(['--help']);
    expect(browserModeArgs(['--open'], 'darwin', {})).toEqual(['--open']);
  });
});
