import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { RunMatrix } from '../../../../electron/shared/api';
import { useRowWindow } from '../view/rowWindow';
import type { AgentLabel } from './agentLabels';

type MatrixRow = RunMatrix['rows'][number];
type MatrixCell = NonNullable<MatrixRow['cells'][number]>;

/** A cell's place: row in the matrix, column among the agents. */
interface Place {
  row: number;
  col: number;
}

const ROW_HEIGHT = 36;

/** "reflects customer · row 2 · iteration 3": what a matrix row is, in words. */
function rowTitle(line: MatrixRow, withIteration: boolean): string {
  return [line.caseName, line.row === null ? null : `row ${line.row}`, withIteration ? `iteration ${line.iteration}` : null]
    .filter(Boolean)
    .join(' · ');
}

/** Pass or fail in a word with an icon beside it (colour is never the only cue). */
function Outcome({ cell }: { cell: MatrixCell | null }) {
  if (cell === null) return <span className="matrix-outcome matrix-none">not sent</span>;
  return (
    <span className={`matrix-outcome ${cell.passed ? 'matrix-pass' : 'matrix-fail'}`}>
      <span aria-hidden="true">{cell.passed ? '✓' : '✗'}</span> {cell.passed ? 'pass' : 'fail'}
    </span>
  );
}

/**
 * The matrix as an ARIA grid (WAI-ARIA Authoring Practices' data grid): one tab stop, arrow
 * keys move between the agent cells, Home/End go to a row's ends, Ctrl+Home/End to the
 * matrix's corners, PageUp/PageDown by ten rows. Rows are windowed (rowWindow.ts, as the
 * results): a run of a million rows keeps a few dozen in the page. A cell under the
 * pointer is previewed in the detail line below; a click or Enter (or Space) keeps it there.
 * Answers are untrusted: they are React text, never markup.
 */
export function MatrixGrid({
  agents,
  total,
  lineAt,
  onVisible,
  withIteration,
  labelOf,
}: {
  agents: readonly string[];
  /** Lines in the whole matrix; `lineAt` gives those read so far (the others show as loading). */
  total: number;
  lineAt: (position: number) => MatrixRow | undefined;
  /** Told the first and last line in view, so their pages are read. */
  onVisible: (first: number, last: number) => void;
  withIteration: boolean;
  labelOf: (agentId: string) => AgentLabel;
}) {
  const [active, setActive] = useState<Place>({ row: 0, col: 0 });
  const [chosen, setChosen] = useState<Place | null>(null);
  const [hovered, setHovered] = useState<Place | null>(null);
  const columns = agents.length;
  const scroller = useRef<HTMLDivElement>(null);
  // jsdom and a hidden tab measure 0: the window starts from a plausible height rather than none.
  const view = useRowWindow(scroller, total, ROW_HEIGHT);
  const items = view.rows;
  const firstInView = items[0]?.index ?? 0;
  const lastInView = items[items.length - 1]?.index ?? 0;
  useEffect(() => onVisible(firstInView, lastInView), [firstInView, lastInView, onVisible]);

  // Focus follows the active cell once it is rendered (after a scroll to it), only while focus is in the grid.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`);
    if (cell) {
      cell.focus();
      moved.current = false;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The keyboard leads now: a cell the pointer was resting on no longer stands in front of the chosen one.
    setHovered(null);
    const last = { row: total - 1, col: columns - 1 };
    const moves: Record<string, () => Place> = {
      ArrowUp: () => ({ ...active, row: Math.max(0, active.row - 1) }),
      ArrowDown: () => ({ ...active, row: Math.min(last.row, active.row + 1) }),
      ArrowLeft: () => ({ ...active, col: Math.max(0, active.col - 1) }),
      ArrowRight: () => ({ ...active, col: Math.min(last.col, active.col + 1) }),
      PageUp: () => ({ ...active, row: Math.max(0, active.row - 10) }),
      PageDown: () => ({ ...active, row: Math.min(last.row, active.row + 10) }),
      Home: () => (event.ctrlKey ? { row: 0, col: 0 } : { ...active, col: 0 }),
      End: () => (event.ctrlKey ? last : { ...active, col: last.col }),
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setChosen(active);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    moved.current = true;
    setActive(next);
    view.scrollToIndex(next.row);
  };

  const shown = hovered ?? chosen;
  const headerCells = (
    <div role="row" aria-rowindex={1} className="matrix-row matrix-head">
      <span role="columnheader" className="matrix-case">
        Case
      </span>
      {agents.map((agentId) => {
        const label = labelOf(agentId);
        return (
          <span role="columnheader" key={agentId} className="matrix-cell" title={label.title}>
            {label.text}
          </span>
        );
      })}
    </div>
  );

  return (
    <div className="run-matrix">
      <div
        ref={scroller}
        role="grid"
        aria-label="Results by case and agent"
        aria-rowcount={total + 1}
        aria-colcount={columns + 1}
        className="matrix-scroller"
        style={{ ['--matrix-columns' as string]: columns }}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className="matrix-head-group">
          {headerCells}
        </div>
        <div role="rowgroup" className="matrix-body" style={{ height: view.height }}>
          {items.map((item) => {
            const line = lineAt(item.index);
            return (
              <div
                role="row"
                key={item.index}
                aria-rowindex={item.index + 2}
                className="matrix-row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                {/* A line whose page is still being read says so. */}
                <span role="rowheader" className={line ? 'matrix-case' : 'matrix-case muted'} title={line && rowTitle(line, withIteration)}>
                  {line ? rowTitle(line, withIteration) : 'Loading…'}
                </span>
                {line?.cells.map((cell, col) => {
                  const place = { row: item.index, col };
                  const isActive = active.row === item.index && active.col === col;
                  const isChosen = chosen?.row === item.index && chosen.col === col;
                  return (
                    <span
                      role="gridcell"
                      key={col}
                      data-cell={`${item.index}:${col}`}
                      tabIndex={isActive ? 0 : -1}
                      aria-selected={isChosen}
                      className="matrix-cell matrix-button"
                      onClick={() => {
                        setActive(place);
                        setChosen(place);
                      }}
                      onFocus={() => setActive(place)}
                      onMouseEnter={() => setHovered(place)}
                      onMouseLeave={() => setHovered(null)}
                    >
                      <Outcome cell={cell} />
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      <CellDetail
        line={shown ? lineAt(shown.row) : undefined}
        agentId={shown ? agents[shown.col] : undefined}
        place={shown}
        labelOf={labelOf}
        withIteration={withIteration}
      />
    </div>
  );
}

/** The answer start and outcome of the cell previewed or chosen, as text. */
function CellDetail({
  line,
  agentId,
  place,
  labelOf,
  withIteration,
}: {
  line: MatrixRow | undefined;
  agentId: string | undefined;
  place: Place | null;
  labelOf: (agentId: string) => AgentLabel;
  withIteration: boolean;
}) {
  if (!place || !line || agentId === undefined) {
    return (
      <p className="matrix-detail muted small" aria-label="Cell detail">
        Point at a cell to see its answer; click it or press Enter to keep it here.
      </p>
    );
  }
  const cell = line.cells[place.col] ?? null;
  const label = labelOf(agentId);
  return (
    <div className="matrix-detail" aria-label="Cell detail" aria-live="polite">
      <p className="matrix-detail-head">
        <strong>{rowTitle(line, withIteration)}</strong>, <span title={label.title}>{label.text}</span>:{' '}
        {cell === null ? 'not sent to this agent' : `${cell.passed ? 'pass' : 'fail'} (status ${cell.status ?? 'none'})`}
      </p>
      {cell !== null && cell.failed.length > 0 && (
        <ul className="matrix-failed small" aria-label="Failed expectations">
          {cell.failed.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {cell !== null && (
        <p className="matrix-answer">{cell.answerStart === '' ? <span className="muted">No answer.</span> : cell.answerStart}</p>
      )}
    </div>
  );
}
