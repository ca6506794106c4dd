// What `npm start` does when it falls back to browser mode: open the app in the system browser
// where there is a screen to show it on (as `npm run web -- --open` does), and only print the
// address where there is none (a server, an SSH session, a container), where opening would fail
// or start a browser nobody can see.

/**
 * True when a browser can be shown: macOS and Windows always have a desktop; elsewhere (Linux,
 * the BSDs) only when an X11 or Wayland display is set.
 * @param {NodeJS.Platform} platform
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function hasDisplay(platform, env) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * The arguments for browser mode: the user's own, plus `--open` where there is a display and
 * the user asked for neither `--open` nor `--help`.
 * @param {readonly string[]} passThrough
 * @param {NodeJS.Platform} platform
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function browserModeArgs(passThrough, platform, env) {
  const wantsNoBrowser = passThrough.some((arg) => arg === '--open' || arg === '--help' || arg === '-h');
  return !wantsNoBrowser && hasDisplay(platform, env) ? [...passThrough, '--open'] : [...passThrough];
}
