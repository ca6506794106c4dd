import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useRowWindow } from '../view/rowWindow';

/** A cell's place: row in the grid, column among the cells (the row header not counted). */
export interface Place {
  row: number;
  col: number;
}

/** One cell: what it shows, and what its title says on hover (text). */
interface GridCell {
  content: ReactNode;
  title?: string;
}

/** One line of the grid: its header, and a cell per column or one across them all (a line with no cells of its own). */
export interface GridLine {
  title: string;
  cells: GridCell[] | { across: GridCell };
}

const ROW_HEIGHT = 36;

/**
 * The matrix's grid, whatever its columns (agents, or a guideline's rules): an ARIA grid
 * (WAI-ARIA Authoring Practices' data grid) with one tab stop, arrow keys between cells,
 * Home/End to a row's ends, Ctrl+Home/End to the corners, PageUp/PageDown by ten rows. Rows are
 * windowed (rowWindow.ts, as the results): a run of a million lines keeps a few dozen in the
 * page. A cell under the pointer is previewed in the detail below; a click or Enter (or Space)
 * keeps it there. Everything shown is React text, never markup.
 */
export function WindowedGrid({
  label,
  columns,
  total,
  lineAt,
  onVisible,
  detail,
}: {
  /** The grid's accessible name. */
  label: string;
  columns: ReadonlyArray<{ key: string; text: string; title?: string }>;
  /** Lines in the whole grid; `lineAt` gives those read so far (the others show as loading). */
  total: number;
  lineAt: (position: number) => GridLine | undefined;
  /** Told the first and last line in view, so their pages are read. */
  onVisible: (first: number, last: number) => void;
  /** The detail below the grid for the cell previewed or chosen (null: none). */
  detail: (place: Place | null) => ReactNode;
}) {
  const [active, setActive] = useState<Place>({ row: 0, col: 0 });
  const [chosen, setChosen] = useState<Place | null>(null);
  const [hovered, setHovered] = useState<Place | null>(null);
  const count = columns.length;
  const scroller = useRef<HTMLDivElement>(null);
  const view = useRowWindow(scroller, total, ROW_HEIGHT);
  const items = view.rows;
  const firstInView = items[0]?.index ?? 0;
  const lastInView = items[items.length - 1]?.index ?? 0;
  useEffect(() => onVisible(firstInView, lastInView), [firstInView, lastInView, onVisible]);

  // Focus follows the active cell once it is rendered (after a scroll to it), only while focus is in the grid.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    const grid = scroller.current;
    const cell =
      grid?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`) ??
      grid?.querySelector<HTMLElement>(`[data-cell="${active.row}:across"]`);
    if (cell) {
      cell.focus();
      moved.current = false;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The keyboard leads now: a cell the pointer was resting on no longer stands in front of the chosen one.
    setHovered(null);
    const last = { row: total - 1, col: count - 1 };
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

  /** A focusable cell at `place` (`key`: its column, or `across`). */
  const cellProps = (place: Place, key: string, isActive: boolean, isChosen: boolean) => ({
    role: 'gridcell',
    'data-cell': `${place.row}:${key}`,
    tabIndex: isActive ? 0 : -1,
    'aria-selected': isChosen,
    onClick: () => {
      setActive(place);
      setChosen(place);
    },
    onFocus: () => setActive((now) => (now.row === place.row && key === 'across' ? now : place)),
    onMouseEnter: () => setHovered(place),
    onMouseLeave: () => setHovered(null),
  });

  return (
    <div className="run-matrix">
      <div
        ref={scroller}
        role="grid"
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={count + 1}
        className="matrix-scroller"
        style={{ ['--matrix-columns' as string]: count }}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className="matrix-head-group">
          <div role="row" aria-rowindex={1} className="matrix-row matrix-head">
            <span role="columnheader" className="matrix-case">
              Case
            </span>
            {columns.map((column) => (
              <span role="columnheader" key={column.key} className="matrix-cell" title={column.title}>
                {column.text}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="matrix-body" style={{ height: view.height }}>
          {items.map((item) => {
            const line = lineAt(item.index);
            const cells = line?.cells;
            const onRow = active.row === item.index;
            return (
              <div
                role="row"
                key={item.index}
                aria-rowindex={item.index + 2}
                className="matrix-row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                {/* A line whose page is still being read says so. */}
                <span role="rowheader" className={line ? 'matrix-case' : 'matrix-case muted'} title={line?.title}>
                  {line ? line.title : 'Loading…'}
                </span>
                {cells && !Array.isArray(cells) ? (
                  <span
                    {...cellProps({ row: item.index, col: onRow ? active.col : 0 }, 'across', onRow, chosen?.row === item.index)}
                    aria-colspan={count}
                    className="matrix-cell matrix-button matrix-across"
                    title={cells.across.title}
                  >
                    {cells.across.content}
                  </span>
                ) : (
                  cells?.map((cell, col) => (
                    <span
                      key={col}
                      {...cellProps(
                        { row: item.index, col },
                        String(col),
                        onRow && active.col === col,
                        chosen?.row === item.index && chosen.col === col,
                      )}
                      className="matrix-cell matrix-button"
                      title={cell.title}
                    >
                      {cell.content}
                    </span>
                  ))
                )}
              </div>
            );
          })}
        </div>
      </div>
      {detail(hovered ?? chosen)}
    </div>
  );
}
