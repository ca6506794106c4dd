import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { HistorySearchHit, HistorySummary } from '../../../electron/shared/api';
import { formatMs } from '../../lib/format';
import { Passage } from './Passage';
import { asAsked, outcomeOf, savedKindLabel, type HistoryRow } from './rows';

/** "invoke", "guideline", or what failed or was cancelled ("guideline failed"), or "invoke saved to file". */
const kindLabel = (entry: HistorySummary) =>
  entry.what === 'saved' ? savedKindLabel(entry) : entry.kind === entry.what ? entry.kind : `${entry.what} ${entry.kind}`;

/**
 * The History list, virtualized (TanStack Virtual): only the rows in view, plus a few, are in
 * the page, so it stays smooth at 100,000 entries. Each entry is a button; the list is one tab
 * stop (the entry last focused, else the opened one, else the first in view) and ArrowUp/ArrowDown/Home/End move between
 * entries; the opened one is marked `aria-current`. Beside each entry a checkbox selects it
 * for the selection's actions (Compare, Export report, Delete). The tab-stop row's checkbox is
 * a tab stop too, just before its entry (as in a mail client); Space ticks it.
 * Near the end it asks for the next page.
 */
export function HistoryList({
  rows,
  nameOf,
  openedId,
  onOpen,
  selected,
  onToggleSelected,
  hasMore,
  loadMore,
}: {
  rows: readonly HistoryRow[];
  /** The catalog name of an entry's agent, shown in place of its id (null: show the id). */
  nameOf: (entry: HistorySummary) => string | null;
  openedId: number | null;
  onOpen: (id: number) => void;
  /** Ids of the selected entries (in the order they were selected). */
  selected: readonly number[];
  onToggleSelected: (id: number) => void;
  hasMore: boolean;
  loadMore: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change with scrolling: this component is re-rendered, never memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.type === 'day' ? 32 : rows[index]?.type === 'entry' && rows[index].passage ? 96 : 72),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    // jsdom and a hidden section measure 0: start from a plausible window rather than none.
    initialRect: { width: 600, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];

  useEffect(() => {
    if (hasMore && last !== undefined && last.index >= rows.length - 10) loadMore();
  }, [hasMore, last, rows.length, loadMore]);

  // One tab stop for the list, arrows move within: the entry last focused (a roving tab index,
  // so Shift+Tab reaches its checkbox and Tab back in returns to it), else the opened entry, else
  // the first one on screen.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const rendered = items.flatMap((item) => {
    const row = rows[item.index];
    return row?.type === 'entry' ? [row.entry.id] : [];
  });
  const tabStop = [focusedId, openedId].find((id) => id !== null && rendered.includes(id)) ?? rendered[0];
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = rows[Number(event.target.closest('[data-index]')?.getAttribute('data-index'))];
    if (row?.type === 'entry') setFocusedId(row.entry.id);
  };
  const entryIndexes = rows.flatMap((row, index) => (row.type === 'entry' ? [index] : []));
  const focusRow = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The row may only now be rendered: focus it once it is in the page.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)?.focus());
    scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'));
    if (Number.isNaN(from)) return;
    const position = entryIndexes.indexOf(from);
    const moves: Record<string, number> = { ArrowDown: position + 1, ArrowUp: position - 1, Home: 0, End: entryIndexes.length - 1 };
    const target = entryIndexes[moves[event.key] ?? -1];
    if (moves[event.key] === undefined) return;
    event.preventDefault();
    if (target !== undefined) focusRow(target);
  };

  return (
    <div ref={scroller} className="history-scroller" onKeyDown={onKeyDown} onFocus={onFocus}>
      <div role="list" aria-label="History entries" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={row.type === 'day' ? 'history-day' : 'history-row'}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row.type === 'day' ? (
                <h3 className="history-day-title">{row.label}</h3>
              ) : (
                <EntryLine
                  entry={row.entry}
                  passage={row.passage}
                  name={nameOf(asAsked(row.entry))}
                  opened={row.entry.id === openedId}
                  selected={selected.includes(row.entry.id)}
                  tabStop={row.entry.id === tabStop}
                  onOpen={onOpen}
                  onToggleSelected={onToggleSelected}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * One entry: its checkbox, then a button of two lines: first what was asked, the agent or
 * guideline (by its name where the app knows one; the id is then in the tooltip and the
 * checkbox's name) and the profile, so a name has the width of the list to itself; then when and
 * how it went: time, kind, outcome, round trip and a "Pinned" mark. The search passage is a
 * third line.
 */
function EntryLine({
  entry,
  passage,
  name,
  opened,
  selected,
  tabStop,
  onOpen,
  onToggleSelected,
}: {
  entry: HistorySummary;
  passage: HistorySearchHit['passage'] | undefined;
  name: string | null;
  opened: boolean;
  selected: boolean;
  tabStop: boolean;
  onOpen: (id: number) => void;
  onToggleSelected: (id: number) => void;
}) {
  const time = new Date(entry.recordedAt).toLocaleTimeString();
  return (
    <div className="history-entry-line">
      <input
        type="checkbox"
        className="history-select"
        aria-label={`Select ${kindLabel(entry)} ${name ? `${name} (${entry.targetId})` : entry.targetId} at ${time}`}
        checked={selected}
        tabIndex={tabStop ? 0 : -1}
        onChange={() => onToggleSelected(entry.id)}
      />
      <button
        type="button"
        className="history-entry"
        data-entry-id={entry.id}
        aria-current={opened ? 'true' : undefined}
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onOpen(entry.id)}
      >
        <span className="history-entry-main">
          {name ? (
            <span
              className="history-target history-agent-name"
              title={`${asAsked(entry).what === 'guideline' ? 'Guideline' : 'Agent'} id: ${entry.targetId}`}
            >
              {name}
            </span>
          ) : (
            <span className="history-target mono">{entry.targetId}</span>
          )}{' '}
          <span className="history-profile muted">{entry.profile.name}</span>
        </span>{' '}
        <span className="history-entry-facts">
          <span className="history-time mono">{time}</span>{' '}
          <span className={`history-kind history-kind-${entry.kind}`}>{kindLabel(entry)}</span>{' '}
          <span className="history-outcome mono">{outcomeOf(entry)}</span>{' '}
          <span className="history-roundtrip muted">{entry.roundTripMs === null ? '' : formatMs(entry.roundTripMs)}</span>
          {entry.pinned && (
            <>
              {' '}
              <span className="history-pinned">Pinned</span>
            </>
          )}
        </span>
        {passage && (
          <span className="history-passage-line">
            <Passage passage={passage} />
          </span>
        )}
      </button>
    </div>
  );
}
