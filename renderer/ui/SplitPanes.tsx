import { useId, useRef, useState, type ReactNode } from 'react';
import { useSeparator } from './useSeparator';

interface SplitPanesProps {
  /** Names the separator: "Width of <first>", e.g. "the request". */
  firstName: string;
  first: ReactNode;
  second: ReactNode;
  /** The first pane's share of the width at the start, in percent. */
  initial?: number;
  /** Its bounds, in percent. */
  min?: number;
  max?: number;
  className?: string;
  /** Only the first pane is shown (the second is kept mounted, hidden): it takes the whole width. */
  firstOnly?: boolean;
}

/**
 * Two panes side by side that scroll on their own and fill the height they are given, with a
 * separator between them to resize them by pointer or keyboard (see useSeparator). Below 900 px
 * wide they stack (layout.css) and the section scrolls as one. The share is kept while the app
 * runs: sections stay mounted, so it survives switching between them.
 */
export function SplitPanes({ firstName, first, second, initial = 45, min = 25, max = 75, className, firstOnly = false }: SplitPanesProps) {
  const [share, setShare] = useState(initial);
  const root = useRef<HTMLDivElement>(null);
  const firstId = useId();
  const separator = useSeparator({
    value: share,
    min,
    max,
    step: 2,
    onChange: setShare,
    fromDrag: (start, dx) => start + (dx / Math.max(1, root.current?.clientWidth ?? 1)) * 100,
    label: `Width of ${firstName}`,
    controls: firstId,
  });
  return (
    <div
      ref={root}
      className={['split-panes', firstOnly ? 'split-panes-first-only' : '', className ?? ''].filter(Boolean).join(' ')}
      style={{ ['--split-first' as string]: `${share}%` }}
    >
      <div id={firstId} className="split-pane split-pane-first">
        {first}
      </div>
      <div {...separator} className="pane-separator" hidden={firstOnly} />
      <div className="split-pane split-pane-second" hidden={firstOnly}>
        {second}
      </div>
    </div>
  );
}
