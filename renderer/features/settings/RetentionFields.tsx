import { useId } from 'react';
import type { HistoryRetention } from '../../../electron/shared/api';

/** The retention as the form holds it: the kind chosen and the number as typed. */
export interface RetentionDraft {
  kind: HistoryRetention['kind'];
  amount: string;
}

export function draftOf(retention: HistoryRetention): RetentionDraft {
  return retention.kind === 'all'
    ? { kind: 'all', amount: '' }
    : { kind: retention.kind, amount: String(retention.kind === 'entries' ? retention.count : retention.days) };
}

/** The setting a draft stands for, or why it cannot be one (said beside the number field). */
export function retentionOf(draft: RetentionDraft): { ok: true; value: HistoryRetention } | { ok: false; message: string } {
  if (draft.kind === 'all') return { ok: true, value: { kind: 'all' } };
  const text = draft.amount.trim();
  const amount = Number(text);
  if (!/^\d+$/.test(text) || amount < 1) {
    return {
      ok: false,
      message:
        draft.kind === 'entries' ? 'Enter a whole number of entries, for example 1000.' : 'Enter a whole number of days, for example 30.',
    };
  }
  return { ok: true, value: draft.kind === 'entries' ? { kind: 'entries', count: amount } : { kind: 'days', days: amount } };
}

/**
 * How much history is kept: everything, the last N entries, or the last N days. Pinned
 * entries are always kept. The hint says plainly that older entries go when this is saved.
 */
export function RetentionFields({
  draft,
  disabled,
  problem,
  onChange,
}: {
  draft: RetentionDraft;
  disabled: boolean;
  problem: string | undefined;
  onChange: (draft: RetentionDraft) => void;
}) {
  const id = useId();
  const ids = { kind: `${id}-kind`, amount: `${id}-amount`, hint: `${id}-hint`, error: `${id}-error` };
  return (
    <>
      <div className="field">
        <label htmlFor={ids.kind}>Keep history</label>
        <select
          id={ids.kind}
          className="input"
          value={draft.kind}
          disabled={disabled}
          aria-describedby={draft.kind === 'all' ? ids.hint : undefined}
          onChange={(event) => onChange({ kind: event.target.value as RetentionDraft['kind'], amount: draft.amount })}
        >
          <option value="all">Everything</option>
          <option value="entries">The last N entries</option>
          <option value="days">The last N days</option>
        </select>
        {draft.kind === 'all' && (
          <p id={ids.hint} className="field-hint">
            Every exchange is kept until you delete it.
          </p>
        )}
      </div>
      {draft.kind !== 'all' && (
        <div className="field">
          <label htmlFor={ids.amount}>{draft.kind === 'entries' ? 'Entries to keep' : 'Days to keep'}</label>
          <input
            id={ids.amount}
            className="input"
            inputMode="numeric"
            value={draft.amount}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.error : ids.hint}
            onChange={(event) => onChange({ kind: draft.kind, amount: event.target.value })}
          />
          {problem ? (
            <p id={ids.error} className="field-error">
              {problem}
            </p>
          ) : (
            <p id={ids.hint} className="field-hint">
              Older entries are deleted when you save, and from then on as new ones arrive. Pinned entries are always kept, on top of these.
            </p>
          )}
        </div>
      )}
    </>
  );
}
