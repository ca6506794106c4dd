/** True when a browser can be shown: always on macOS and Windows; elsewhere only with DISPLAY or WAYLAND_DISPLAY. */
export function hasDisplay(platform: NodeJS.Platform, env: Record<string, string | undefined>): boolean;
/** The user's arguments for browser mode, plus `--open` where there is a display (unless --open or --help is there). */
export function browserModeArgs(
  passThrough: readonly string[],
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): string[];
