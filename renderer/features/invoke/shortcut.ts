/**
 * The invoke shortcut as this platform writes it. Both Ctrl+Enter and Cmd+Enter work
 * everywhere; only the hint differs, so Mac users see the key they would press.
 */
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** "⌘ Enter" on Apple platforms, "Ctrl Enter" elsewhere. */
export const SHORTCUT_LABEL = isMac ? '⌘ Enter' : 'Ctrl Enter';

/** True for the key event that invokes: Enter with Ctrl or Cmd, nothing else held. */
function isInvokeShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * Ctrl/Cmd+Enter from anywhere in a request tab: the Agent field, Text, the payload editor
 * (CodeMirror lets the key through, and keyboard events leave its shadow root) or table,
 * any button, the Response beside the form, or the tab itself in the tab strip. Submitting
 * the tab's form runs the same checks as pressing Invoke. Returns true when it did.
 *
 * `panelOf` names the request tab's panel an element belongs to (by the ids the Agents section
 * gives its tabs and panels), or null. Nothing else counts: not a dialog opened over the tabs
 * (the Agent catalog), where Ctrl+Enter must never start a (possibly billed) run behind it.
 * Not while an input method is composing text either, where Enter confirms the composition.
 */
export function submitRequestFromKey(
  event: {
    key: string;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    shiftKey: boolean;
    target: EventTarget | null;
    nativeEvent: KeyboardEvent;
  },
  panelOf: (element: Element) => Element | null,
): boolean {
  if (!isInvokeShortcut(event) || event.nativeEvent.isComposing) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('dialog, [role="dialog"]')) return false;
  const form = panelOf(target)?.querySelector<HTMLFormElement>('form.request');
  if (!form) return false;
  form.requestSubmit();
  return true;
}
