import type { RunMatrix } from '../../../../electron/shared/api';
import type { AgentLabel } from './agentLabels';
import { WindowedGrid, type GridLine, type Place } from './WindowedGrid';

type MatrixRow = RunMatrix['rows'][number];
type MatrixCell = NonNullable<MatrixRow['cells'][number]>;

/** "reflects customer · row 2 · iteration 3": what a matrix row is, in words. */
export function rowTitle(line: Pick<MatrixRow, 'caseName' | 'row' | 'iteration'>, withIteration: boolean): string {
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
 * The matrix by agent: lines of case × data row (× iteration) against the run's agents, in the
 * shared grid (WindowedGrid.tsx: keyboard, windowing, the detail below). The detail is the
 * cell's outcome, failed expectations and answer start. Answers are untrusted: React text.
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
  const columns = agents.map((agentId) => {
    const label = labelOf(agentId);
    return { key: agentId, text: label.text, title: label.title };
  });
  const gridLine = (position: number): GridLine | undefined => {
    const line = lineAt(position);
    return line && { title: rowTitle(line, withIteration), cells: line.cells.map((cell) => ({ content: <Outcome cell={cell} /> })) };
  };
  return (
    <WindowedGrid
      label="Results by case and agent"
      columns={columns}
      total={total}
      lineAt={gridLine}
      onVisible={onVisible}
      detail={(place) => (
        <CellDetail
          line={place ? lineAt(place.row) : undefined}
          agentId={place ? agents[place.col] : undefined}
          place={place}
          labelOf={labelOf}
          withIteration={withIteration}
        />
      )}
    />
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
