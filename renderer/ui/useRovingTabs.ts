import { useRef, type KeyboardEvent } from 'react';

/**
 * The keyboard model of an ARIA tab list (WAI-ARIA Authoring Practices, automatic activation):
 * one tab stop for the list; ArrowLeft/ArrowRight move (wrapping), Home/End jump, and the tab
 * moved to is activated and focused. Shared by every tab list in the app.
 */
export function useRovingTabs(ids: readonly string[], activate: (id: string) => void) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  /** The `ref` for the tab with this id. */
  const refFor = (id: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(id, element);
    else buttons.current.delete(id);
  };

  const focus = (id: string) => buttons.current.get(id)?.focus();

  /** Handles the movement keys on the tab at `index`; false when the key is not one of them. */
  const moveFrom = (event: KeyboardEvent<HTMLButtonElement>, index: number): boolean => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ids.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return false;
    event.preventDefault();
    const id = ids[(target + ids.length) % ids.length];
    if (id !== undefined) {
      activate(id);
      focus(id);
    }
    return true;
  };

  /**
   * What makes a button one tab of this list: its role, its selected state, the single tab stop,
   * and the movement keys. A tab with keys of its own puts its own onKeyDown after these and
   * calls `moveFrom` first.
   */
  const tabProps = (id: string, index: number, selected: boolean) => ({
    ref: refFor(id),
    type: 'button' as const,
    role: 'tab' as const,
    'aria-selected': selected,
    tabIndex: selected ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void moveFrom(event, index),
  });

  return { refFor, focus, moveFrom, tabProps };
}
