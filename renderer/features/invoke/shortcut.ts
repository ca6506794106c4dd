/**
 * The invoke shortcut as this platform writes it. Both Ctrl+Enter and Cmd+Enter work
 * everywhere; only the hint differs, so Mac users see the key they would press.
 */
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** "⌘ Enter" on Apple platforms, "Ctrl Enter" elsewhere. */
export const SHORTCUT_LABEL = isMac ? '⌘ Enter' : 'Ctrl Enter';

/** True for the key event that invokes: Enter with Ctrl or Cmd, nothing else held. */
export function isInvokeShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
