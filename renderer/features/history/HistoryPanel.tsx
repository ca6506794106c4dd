import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ERROR_CODES, type ErrorCode, type HistoryKind } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import {
  useHistoryList,
  useHistoryRemovalsPending,
  useHistorySearch,
  useMissingHistoryEntries,
  type HistoryFilters,
} from './queries/history';
import { useProfiles } from '../profile/queries/profiles';
import { LazyCompareView } from './LazyCompareView';
import { useEntryNames } from './agentNames';
import { HistoryClearAll } from './HistoryClearAll';
import { HistoryEntryView } from './HistoryEntryView';
import { HistoryList } from './HistoryList';
import { HistorySelectionBar } from './HistorySelectionBar';
import { groupByDay } from './rows';
import { SplitPanes } from '../../ui/SplitPanes';

/** Searching waits for this many characters: a shorter prefix matches most of a large history, slowly. */
const MIN_SEARCH_CHARS = 3;
/** Typing pauses this long before a search is sent. */
const SEARCH_DEBOUNCE_MS = 250;

/** A local calendar day (yyyy-mm-dd, as a date field gives it) as the ISO time it starts, or of the day after. */
function dayStart(day: string, after = false): string | undefined {
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (after) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** The search text once typing has paused, or null while it is too short to search. */
function useDebouncedSearch(typed: string): string | null {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  return settled.length >= MIN_SEARCH_CHARS ? settled : null;
}

/**
 * The History section: every exchange, newest first and grouped by day, filtered or searched;
 * the opened one is shown as it was answered. Refreshed each time the section comes to front.
 */
export function HistoryPanel({ visible }: { visible: boolean }) {
  const queryClient = useQueryClient();
  const profiles = useProfiles();
  const [typed, setTyped] = useState('');
  const search = useDebouncedSearch(typed);
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [openedId, setOpenedId] = useState<number | null>(null);
  // Selected entries in the order they were ticked; kept across filters and searches, so a
  // compare can pair entries that no single filter shows together.
  const [selected, setSelected] = useState<number[]>([]);
  // Said in the status line: entries this section held found deleted elsewhere (see below), or what Clear all took.
  const [goneNote, setGoneNote] = useState('');
  const toggleSelected = useCallback((id: number) => {
    setGoneNote('');
    setSelected((previous) => (previous.includes(id) ? previous.filter((other) => other !== id) : [...previous, id]));
  }, []);
  // The pair being compared (shown in place of the opened entry); opening an entry ends it.
  const [comparing, setComparing] = useState<readonly [number, number] | null>(null);
  const compareButton = useRef<HTMLButtonElement>(null);
  const openEntry = useCallback((id: number) => {
    setGoneNote('');
    setComparing(null);
    setOpenedId(id);
  }, []);
  const closeComparison = () => {
    setComparing(null);
    // Back where the comparison was asked for: the selection, and so the button, is kept.
    compareButton.current?.focus();
  };
  // The date fields as typed: the query holds their ISO bounds (to is exclusive: the day after).
  const [days, setDays] = useState({ from: '', to: '' });
  const list = useHistoryList(filters, search === null);
  const found = useHistorySearch(filters, search);
  const active = search === null ? list : found;

  useEffect(() => {
    if (visible)
      void queryClient
        .invalidateQueries({ queryKey: ['listHistory'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['searchHistory'] }));
  }, [visible, queryClient]);

  const rows = useMemo(() => {
    if (search === null) return groupByDay((list.data?.pages ?? []).flatMap((page) => page.entries.map((entry) => ({ entry }))));
    return groupByDay((found.data?.pages ?? []).flatMap((page) => page.hits));
  }, [search, list.data, found.data]);
  const nameOf = useEntryNames();

  // The opened entry, the compared pair and the selection are held by id, and may be deleted
  // where this page does not see it: by the retention setting, or in another browser tab. Each
  // time the list is read again they are checked, and those gone are let go (and said so),
  // rather than shown as they were and offered to Compare or Export report. While this page's
  // own delete or clear runs, its callbacks drop what it took: nothing to say then.
  const findMissing = useMissingHistoryEntries();
  const removalsPending = useHistoryRemovalsPending();
  // (An entry in the rows just read is there: only the others are asked about.)
  const held = useRef<{ ids: number[]; busy: boolean }>({ ids: [], busy: false });
  useEffect(() => {
    const listed = new Set(rows.flatMap((row) => (row.type === 'entry' ? [row.entry.id] : [])));
    const ids = new Set([...selected, ...(openedId === null ? [] : [openedId]), ...(comparing ?? [])]);
    held.current = { ids: [...ids].filter((id) => !listed.has(id)), busy: removalsPending > 0 };
  });
  const listReadAt = active.dataUpdatedAt;
  useEffect(() => {
    const { ids, busy } = held.current;
    if (listReadAt === 0 || ids.length === 0 || busy) return;
    let current = true;
    void findMissing(ids).then((missing) => {
      if (!current || missing.length === 0) return;
      const gone = new Set(missing);
      setSelected((previous) => previous.filter((id) => !gone.has(id)));
      setOpenedId((previous) => (previous !== null && gone.has(previous) ? null : previous));
      setComparing((pair) => (pair !== null && (gone.has(pair[0]) || gone.has(pair[1])) ? null : pair));
      setGoneNote(
        missing.length === 1
          ? '1 entry you had selected or open was deleted elsewhere (another window, or the retention setting).'
          : `${missing.length} entries you had selected or open were deleted elsewhere (another window, or the retention setting).`,
      );
    });
    return () => {
      current = false;
    };
  }, [listReadAt, findMissing]);

  // After a delete or a clear, focus moves to the entry that took the deleted one's place (else
  // the first in view, else the search box) once the list has been read again without it.
  const listCard = useRef<HTMLElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<{ gone: Set<number>; next: number | null } | null>(null);
  // Bumped with each delete: the list may already have been read again when the delete answers.
  const [deletes, setDeletes] = useState(0);
  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending || rows.some((row) => row.type === 'entry' && pending.gone.has(row.entry.id))) return;
    focusAfter.current = null;
    const area = listCard.current;
    const target =
      (pending.next === null ? null : area?.querySelector<HTMLElement>(`[data-entry-id="${pending.next}"]`)) ??
      area?.querySelector<HTMLElement>('.history-entry[tabindex="0"]') ??
      searchBox.current;
    target?.focus();
  }, [rows, deletes]);

  /**
   * Drops deleted entries from the opened view, the comparison and the selection and, unless `keepFocus` (Clear
   * all gives focus back to its own button), moves focus to the entry after them.
   */
  const forget = useCallback(
    (ids: readonly number[] | 'unpinned', keepFocus = false) => {
      const entries = rows.flatMap((row) => (row.type === 'entry' ? [row.entry] : []));
      const gone = new Set(ids === 'unpinned' ? entries.filter((entry) => !entry.pinned).map((entry) => entry.id) : ids);
      if (ids === 'unpinned' && openedId !== null && !entries.some((entry) => entry.id === openedId && entry.pinned)) gone.add(openedId);
      const position = entries.findIndex((entry) => gone.has(entry.id));
      const next =
        entries.slice(position + 1).find((entry) => !gone.has(entry.id)) ??
        entries
          .slice(0, Math.max(position, 0))
          .reverse()
          .find((entry) => !gone.has(entry.id));
      if (!keepFocus) {
        focusAfter.current = { gone, next: position < 0 ? null : (next?.id ?? null) };
        setDeletes((count) => count + 1);
      }
      setSelected((previous) =>
        ids === 'unpinned'
          ? previous.filter((id) => entries.some((entry) => entry.id === id && entry.pinned))
          : previous.filter((id) => !gone.has(id)),
      );
      setOpenedId((previous) => (previous !== null && gone.has(previous) ? null : previous));
      // A comparison of an entry that went (or after a Clear all) ends: there is nothing to show.
      setComparing((pair) => (pair !== null && (ids === 'unpinned' || keepFocus || gone.has(pair[0]) || gone.has(pair[1])) ? null : pair));
    },
    [rows, openedId],
  );
  const pinnedSelected = useMemo(
    () => rows.filter((row) => row.type === 'entry' && row.entry.pinned && selected.includes(row.entry.id)).length,
    [rows, selected],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = active;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  // A new search or filter is a new question: the note about the last removal has been said.
  const setFilter = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K] | undefined) => {
    setGoneNote('');
    setFilters((previous) => {
      const next = { ...previous };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  };

  return (
    <div className="history-section section-fill">
      <SplitPanes
        firstName="the history list"
        initial={42}
        first={
          <section ref={listCard} aria-label="History" className="card history-list-card">
            <div className="card-head">
              <h2 className="card-title">History</h2>
              <HistoryClearAll
                onCleared={(keepPinned, deleted) => {
                  forget(keepPinned ? 'unpinned' : [...selected, ...(openedId === null ? [] : [openedId])], true);
                  setGoneNote(deleted === 1 ? '1 entry deleted.' : `${deleted.toLocaleString()} entries deleted.`);
                }}
              />
            </div>
            <div className="history-controls">
              <input
                className="input"
                ref={searchBox}
                type="search"
                aria-label="Search history"
                placeholder={`Search text, payload, answer (${MIN_SEARCH_CHARS}+ characters)`}
                value={typed}
                onChange={(event) => {
                  setGoneNote('');
                  setTyped(event.target.value);
                }}
              />
              <select
                className="input history-filter"
                aria-label="Profile"
                value={filters.profileId ?? ''}
                onChange={(event) => setFilter('profileId', event.target.value || undefined)}
              >
                <option value="">All profiles</option>
                {(profiles.data?.profiles ?? []).map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.name}
                  </option>
                ))}
              </select>
              <select
                className="input history-filter"
                aria-label="Kind"
                value={filters.kind ?? ''}
                onChange={(event) => setFilter('kind', (event.target.value || undefined) as HistoryKind | undefined)}
              >
                <option value="">All kinds</option>
                <option value="invoke">Invoke</option>
                <option value="guideline">Guideline</option>
                <option value="cancelled">Cancelled</option>
                <option value="failed">Failed</option>
              </select>
              <select
                className="input history-filter"
                aria-label="Status"
                value={filters.statusClass === undefined ? '' : String(filters.statusClass)}
                onChange={(event) => setFilter('statusClass', event.target.value === '' ? undefined : Number(event.target.value))}
              >
                <option value="">Any status</option>
                <option value="2">2xx</option>
                <option value="3">3xx</option>
                <option value="4">4xx</option>
                <option value="5">5xx</option>
                <option value="0">No HTTP status</option>
              </select>
              <select
                className="input history-filter"
                aria-label="Error code"
                value={filters.errorCode ?? ''}
                onChange={(event) => setFilter('errorCode', (event.target.value || undefined) as ErrorCode | undefined)}
              >
                <option value="">Any error code</option>
                {ERROR_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
              <YesNoFilter
                label="Token"
                value={filters.tokenPresent}
                onChange={(value) => setFilter('tokenPresent', value)}
                texts={['Token or not', 'Token present', 'No token']}
              />
              <YesNoFilter
                label="Pinned"
                value={filters.pinned}
                onChange={(value) => setFilter('pinned', value)}
                texts={['Pinned or not', 'Pinned only', 'Not pinned']}
              />
              <input
                className="input history-filter"
                aria-label="Agent or guideline id"
                placeholder="Agent or guideline id"
                value={filters.targetId ?? ''}
                onChange={(event) => setFilter('targetId', event.target.value.trim() || undefined)}
              />
              <div className="history-dates">
                <DayFilter
                  label="From"
                  value={days.from}
                  onChange={(day) => {
                    setDays((previous) => ({ ...previous, from: day }));
                    setFilter('from', dayStart(day));
                  }}
                />
                <DayFilter
                  label="To"
                  value={days.to}
                  onChange={(day) => {
                    setDays((previous) => ({ ...previous, to: day }));
                    setFilter('to', dayStart(day, true));
                  }}
                />
              </div>
            </div>
            <p className="muted small" role="status">
              {typed.trim().length > 0 && typed.trim().length < MIN_SEARCH_CHARS
                ? `Type at least ${MIN_SEARCH_CHARS} characters to search.`
                : active.isPending && active.fetchStatus !== 'idle'
                  ? 'Loading history…'
                  : active.isError
                    ? `History could not be read: ${thrownMessage(active.error)}`
                    : rows.length === 0
                      ? search === null && Object.keys(filters).length === 0
                        ? 'No history yet. Every invoke and guideline fetch is kept here.'
                        : 'Nothing matches.'
                      : ''}
              {goneNote === '' ? null : ` ${goneNote}`}
            </p>
            <HistorySelectionBar
              selected={selected}
              pinnedSelected={pinnedSelected}
              onClear={() => setSelected([])}
              onDeleted={forget}
              onCompare={setComparing}
              compareRef={compareButton}
            />
            <HistoryList
              rows={rows}
              nameOf={nameOf}
              openedId={openedId}
              onOpen={openEntry}
              selected={selected}
              onToggleSelected={toggleSelected}
              hasMore={hasNextPage}
              loadMore={loadMore}
            />
          </section>
        }
        second={
          comparing === null ? (
            <HistoryEntryView id={openedId} onDeleted={forget} />
          ) : (
            <LazyCompareView key={comparing.join('-')} ids={comparing} onClose={closeComparison} />
          )
        }
      />
    </div>
  );
}

/** A filter that is either off (any) or asks for yes or no; `texts` name the three choices in that order. */
function YesNoFilter({
  label,
  value,
  onChange,
  texts: [any, yes, no],
}: {
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  texts: readonly [string, string, string];
}) {
  return (
    <select
      className="input history-filter"
      aria-label={label}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
    >
      <option value="">{any}</option>
      <option value="true">{yes}</option>
      <option value="false">{no}</option>
    </select>
  );
}

/** A day picker named by the text before it. */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <label className="history-date">
      {label} <input className="input" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
