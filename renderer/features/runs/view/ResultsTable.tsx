import { memo, useEffect, useState, useRef, type KeyboardEvent } from 'react';
import type { RunResultRow } from '../../../../electron/shared/api';
import { formatMs } from '../../../lib/format';
import { useRowWindow } from './rowWindow';

/** Which optional columns show: the data row when the suite has a data file, the iteration when it repeats. */
export interface ResultColumns {
  row: boolean;
  iteration: boolean;
}

const ROW_HEIGHT = 36;

/**
 * A run's results, windowed (rowWindow.ts): only the rows in view, plus a few, are in the page,
 * so a million results open and scroll as ten do. Each row is memoized on its result, so a row
 * that arrives re-renders the window's positions, not every row.
 *
 * Keyboard: the table is one tab stop (the row last focused, else the opened one, else the
 * first in view); ArrowUp/ArrowDown/Home/End move between rows; Enter or a click opens one.
 */
export function ResultsTable({
  count,
  rowAt,
  columns,
  agentName,
  openedIndex,
  onOpen,
  onVisible,
  label,
}: {
  count: number;
  /** The result at a position of the list shown; undefined while its page loads. */
  rowAt: (position: number) => RunResultRow | undefined;
  columns: ResultColumns;
  /** An agent's name, null when it has none (the id is shown). */
  agentName: (agentId: string) => string | null;
  /** The opened result's plan index. */
  openedIndex: number | null;
  onOpen: (index: number) => void;
  /** The positions in view, for reading their pages. */
  onVisible: (first: number, last: number) => void;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // jsdom and a hidden section measure 0: the window starts from a plausible height rather than none.
  const view = useRowWindow(scroller, count, ROW_HEIGHT, { overscan: 10 });
  const items = view.rows;
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => onVisible(first, last), [first, last, onVisible]);

  const [focused, setFocused] = useState<number | null>(null);
  const inView = items.map((item) => item.index);
  const openedPosition = openedIndex === null ? -1 : inView.find((position) => rowAt(position)?.index === openedIndex);
  const tabStop =
    [focused, openedPosition].find((position) => position !== null && position !== undefined && inView.includes(position)) ?? inView[0];

  const focusRow = (position: number) => {
    view.scrollToIndex(position);
    const find = () => scroller.current?.querySelector<HTMLElement>(`[data-position="${position}"]`);
    const now = find();
    if (now) now.focus();
    // The row may only be rendered after the scroll: focus it once it is in the page.
    else requestAnimationFrame(() => find()?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset['position']);
    if (Number.isNaN(from)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      const row = rowAt(from);
      if (row) onOpen(row.index);
      event.preventDefault();
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      Home: 0,
      End: count - 1,
      PageDown: from + 10,
      PageUp: from - 10,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusRow(Math.max(0, Math.min(count - 1, target)));
  };

  return (
    <div role="grid" aria-readonly="true" aria-label={label} aria-rowcount={count + 1} className="run-results">
      <div role="rowgroup" className="run-results-head">
        <div role="row" aria-rowindex={1} className={gridClass(columns)}>
          <span role="columnheader">Case</span>
          {columns.row && <span role="columnheader">Row</span>}
          {columns.iteration && <span role="columnheader">Iteration</span>}
          <span role="columnheader">Agent</span>
          <span role="columnheader">Result</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">Server</span>
          <span role="columnheader">Round trip</span>
          <span role="columnheader">Answer</span>
        </div>
      </div>
      <div ref={scroller} className="run-results-scroller" onKeyDown={onKeyDown} onFocus={(event) => setFocused(positionOf(event.target))}>
        <div role="rowgroup" style={{ height: view.height, position: 'relative' }}>
          {items.map((item) => (
            <ResultRow
              key={item.index}
              position={item.index}
              start={item.start}
              row={rowAt(item.index)}
              columns={columns}
              agentName={agentName(rowAt(item.index)?.agentId ?? '')}
              opened={openedIndex !== null && rowAt(item.index)?.index === openedIndex}
              tabStop={item.index === tabStop}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

function positionOf(target: EventTarget): number | null {
  const position = Number((target as HTMLElement).dataset?.['position']);
  return Number.isNaN(position) ? null : position;
}

function gridClass(columns: ResultColumns): string {
  return `run-result-grid${columns.row ? ' with-row' : ''}${columns.iteration ? ' with-iteration' : ''}`;
}

/** "Passed", or "Failed" with each failed expectation on its own line; the judge's verdict first when the case has a judge. */
function Outcome({ row }: { row: RunResultRow }) {
  // The judge's failed expectation is said by its verdict ("Judge: rule 4 failed"), not again in full.
  const judge = row.judge ? `Judge: ${row.judge.verdict}` : null;
  const others = row.judge ? row.failed.filter((line) => !line.startsWith('judge: ')) : row.failed;
  if (row.passed) return <span className="run-pass">Passed{judge ? ` · ${judge}` : ''}</span>;
  const reasons = [...(judge ? [judge] : []), ...others];
  return (
    <span className="run-fail" title={row.failed.join('\n')}>
      Failed{reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}
    </span>
  );
}

const ms = (value: number | null) => (value === null ? '–' : formatMs(value));

/** One result; re-renders only when its own result, place or focus changes. */
const ResultRow = memo(function ResultRow({
  position,
  start,
  row,
  columns,
  agentName,
  opened,
  tabStop,
  onOpen,
}: {
  position: number;
  start: number;
  row: RunResultRow | undefined;
  columns: ResultColumns;
  agentName: string | null;
  opened: boolean;
  tabStop: boolean;
  onOpen: (index: number) => void;
}) {
  const style = { position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT, transform: `translateY(${start}px)` } as const;
  if (!row) {
    return (
      <div
        role="row"
        aria-rowindex={position + 2}
        data-position={position}
        tabIndex={tabStop ? 0 : -1}
        className={`run-result ${gridClass(columns)}`}
        style={style}
      >
        <span role="gridcell" className="muted">
          Loading…
        </span>
      </div>
    );
  }
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      aria-selected={opened}
      data-position={position}
      tabIndex={tabStop ? 0 : -1}
      className={`run-result ${gridClass(columns)}${row.passed ? '' : ' run-result-failed'}`}
      style={style}
      onClick={() => onOpen(row.index)}
    >
      <span role="gridcell" className="run-cell-case" title={row.caseName}>
        {row.caseName}
      </span>
      {columns.row && <span role="gridcell">{row.row ?? '–'}</span>}
      {columns.iteration && <span role="gridcell">{row.iteration}</span>}
      {agentName === null ? (
        <span role="gridcell" className="mono run-cell-agent" title={row.agentId}>
          {row.agentId}
        </span>
      ) : (
        <span role="gridcell" className="run-cell-agent" title={`Agent id: ${row.agentId}`}>
          {agentName}
        </span>
      )}
      <span role="gridcell" className="run-cell-outcome">
        <Outcome row={row} />
      </span>
      <span role="gridcell" className="mono">
        {row.status ?? row.errorCode ?? '–'}
      </span>
      <span role="gridcell" className="mono">
        {ms(row.serverMs)}
      </span>
      <span role="gridcell" className="mono">
        {ms(row.roundTripMs)}
      </span>
      <span role="gridcell" className="run-cell-answer" title={row.answerStart}>
        {row.answerStart}
      </span>
    </div>
  );
});
