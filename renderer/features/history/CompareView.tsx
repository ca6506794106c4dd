import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { HistoryEntry } from '../../../electron/shared/api';
import { useHost } from '../../host/HostContext';
import { historyEntryQuery } from './queries/history';
import { HostErrorPanel } from '../../ui/ErrorPanel';
import { compareEntries, formatDelta, kindName, type Comparison } from './compare';
import { DiffLegend, DiffText } from './DiffText';
import { Pending } from '../../ui/Pending';

/**
 * Two history entries side by side, in place of the opened entry: request differences, the
 * answers as a word diff, outcome and timing. Entry 1 is the one ticked first. On opening,
 * focus moves to the heading; Escape or "Close comparison" goes back.
 */
export function CompareView({ ids, onClose }: { ids: readonly [number, number]; onClose: () => void }) {
  const api = useHost();
  const entries = useQueries({ queries: ids.map((id) => historyEntryQuery(api, id)) });
  const [a, b] = [entries[0]?.data, entries[1]?.data];
  const failed = entries.find((entry) => entry.isError);
  // The word diffs are bounded (compareEntries' budget), so this blocks the page a moment at most.
  const comparison = useMemo(() => (a && b ? compareEntries([a, b]) : null), [a, b]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <section
      aria-label="Comparison"
      className="card comparison"
      onKeyDown={onKeyDown}
      aria-busy={comparison === null && !failed ? 'true' : undefined}
    >
      <div className="card-head compare-head">
        <h2 className="card-title" ref={heading} tabIndex={-1}>
          Comparison
        </h2>
        <button type="button" className="button-quiet button-small" onClick={onClose} aria-keyshortcuts="Escape">
          Close comparison
        </button>
      </div>
      {failed ? (
        <HostErrorPanel error={failed.error} />
      ) : comparison === null || !a || !b ? (
        <Pending text="Loading the two entries…" />
      ) : (
        <CompareBody comparison={comparison} entries={[a, b]} />
      )}
    </section>
  );
}

function entryTitle(entry: HistoryEntry, index: number): string {
  return `Entry ${index + 1}: ${kindName(entry)}, ${new Date(entry.recordedAt).toLocaleTimeString()}`;
}

function CompareBody({ comparison, entries }: { comparison: Comparison; entries: readonly [HistoryEntry, HistoryEntry] }) {
  const titles = [entryTitle(entries[0], 0), entryTitle(entries[1], 1)] as const;
  return (
    <div className="compare-body">
      <ul className="compare-entries small">
        <li>{titles[0]} (ticked first)</li>
        <li>{titles[1]}</li>
      </ul>
      {comparison.notes.length > 0 && (
        <ul className="compare-notes" aria-label="Summary">
          {comparison.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}

      <h3 className="compare-section-title">Request and outcome</h3>
      <CompareTable label="Request and outcome" columns={['Field', 'Entry 1', 'Entry 2', 'Differs']}>
        {comparison.facts.map((row) => (
          <tr key={row.label} className={row.differs ? 'compare-differs' : undefined}>
            <th scope="row">{row.label}</th>
            <td className="mono">{row.values[0]}</td>
            <td className="mono">{row.values[1]}</td>
            <td>{row.differs ? 'differs' : 'same'}</td>
          </tr>
        ))}
      </CompareTable>

      {comparison.payload !== null && (
        <>
          <h3 className="compare-section-title">Payload</h3>
          {comparison.payload.length === 0 ? (
            <p className="small muted">Both payloads are empty.</p>
          ) : (
            <CompareTable label="Payload, key by key" className="compare-payload" columns={['Key', 'Change', 'Entry 1', 'Entry 2']}>
              {comparison.payload.map((row) => (
                <tr key={row.key} className={row.change === 'same' ? undefined : 'compare-differs'}>
                  <th scope="row" className="mono">
                    {row.key}
                  </th>
                  <td>{row.change === 'removed' ? 'only in entry 1' : row.change === 'added' ? 'only in entry 2' : row.change}</td>
                  <td className="mono">{row.values[0] ?? '—'}</td>
                  <td className="mono">{row.values[1] ?? '—'}</td>
                </tr>
              ))}
            </CompareTable>
          )}
        </>
      )}

      {comparison.texts.length > 0 && (
        <>
          <h3 className="compare-section-title">Texts, word by word</h3>
          <DiffLegend />
          {comparison.texts.map((row) => (
            <DiffText key={row.label} row={row} />
          ))}
        </>
      )}

      <h3 className="compare-section-title">Timing</h3>
      <CompareTable
        label="Timing side by side"
        className="compare-timing"
        columns={['Measure', 'Entry 1', 'Entry 2', 'Difference (2 − 1)']}
      >
        {comparison.timing.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td className="mono">{row.values[0]}</td>
            <td className="mono">{row.values[1]}</td>
            <td className="mono">{row.deltaMs === null ? '—' : formatDelta(row.deltaMs)}</td>
          </tr>
        ))}
      </CompareTable>
    </div>
  );
}

/** A table of the two entries side by side: the head names `columns`, the rows are the caller's. */
function CompareTable({
  label,
  className,
  columns,
  children,
}: {
  label: string;
  className?: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table className={className ? `data-table compare-table ${className}` : 'data-table compare-table'} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
