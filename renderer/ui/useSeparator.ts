import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** What a separator resizes: its value now, its bounds, and how a key press or a drag moves it. */
export interface SeparatorSpec {
  value: number;
  min: number;
  max: number;
  /** How far one arrow key press moves the value. */
  step: number;
  onChange: (value: number) => void;
  /** The value a drag that started at `start` reaches once the pointer moved `dx` pixels right. */
  fromDrag: (start: number, dx: number) => number;
  /** True when the pane the value sizes is on the right (Left then makes it larger). */
  sizesRight?: boolean;
  /** The separator's accessible name, e.g. "Width of the request". */
  label: string;
  /** The id of the pane it sizes. */
  controls?: string | undefined;
}

/**
 * A vertical pane separator (WAI-ARIA "window splitter"): the props of its element, focusable,
 * with its value and bounds for assistive technology, moved by the arrow keys (Home and End go to
 * the bounds) and by dragging with any pointer. The value is the caller's, in its own units.
 */
export function useSeparator(spec: SeparatorSpec) {
  const { value, min, max, step, onChange, fromDrag, sizesRight = false, label, controls } = spec;
  const drag = useRef<{ x: number; value: number } | null>(null);
  const set = (next: number) => onChange(Math.round(Math.min(max, Math.max(min, next))));
  const grow = sizesRight ? -step : step;
  return {
    role: 'separator',
    'aria-orientation': 'vertical' as const,
    'aria-label': label,
    'aria-controls': controls,
    'aria-valuenow': Math.round(value),
    'aria-valuemin': min,
    'aria-valuemax': max,
    tabIndex: 0,
    title: 'Drag, or use the arrow keys, to resize',
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const moves: Record<string, number> = { ArrowRight: value + grow, ArrowLeft: value - grow, Home: min, End: max };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      set(next);
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      drag.current = { x: event.clientX, value };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (drag.current) set(fromDrag(drag.current.value, event.clientX - drag.current.x));
    },
    onPointerUp: () => (drag.current = null),
    onPointerCancel: () => (drag.current = null),
  };
}
