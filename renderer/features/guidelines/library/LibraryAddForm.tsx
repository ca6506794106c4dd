import { useId, useState } from 'react';
import type { LibraryAddReport } from '../../../../electron/shared/api';
import { useLibraryChanges } from '../queries/library';
import { Disclosure } from '../../../ui/Disclosure';

const OUTCOME_WORDS = { added: 'Added', present: 'Already there', refused: 'Refused' } as const;

/** "2 added, 1 already in the library, 1 refused." */
function summary(report: LibraryAddReport): string {
  const count = (outcome: keyof typeof OUTCOME_WORDS) => report.items.filter((item) => item.outcome === outcome).length;
  const parts = [`${count('added')} added`];
  if (count('present') > 0) parts.push(`${count('present')} already in the library`);
  if (count('refused') > 0) parts.push(`${count('refused')} refused`);
  return `${parts.join(', ')}.`;
}

/**
 * Adds guidelines by pasting: one id, or a list (one per line or comma separated), or links
 * that hold the ids. The host parses it and says, item by item, what it took and what it
 * refused and why; new ones are fetched at once so they show their names.
 */
export function LibraryAddForm({ profileId }: { profileId: string }) {
  const { add } = useLibraryChanges();
  const [text, setText] = useState('');
  const [report, setReport] = useState<LibraryAddReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  return (
    <Disclosure summary="Add guidelines by id">
      <form
        className="library-add"
        aria-label="Add guidelines"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') {
            setError('Paste one or more guideline ids or links first.');
            return;
          }
          setError(null);
          add.mutate(
            { profileId, text },
            {
              onSuccess: (result) => {
                if (!result.ok) return setError(result.error.message);
                setReport(result.value);
                // Keep only what was refused, to correct and add again.
                setText(
                  result.value.items
                    .filter((item) => item.outcome === 'refused')
                    .map((item) => item.input)
                    .join('\n'),
                );
              },
              onError: (thrown) => setError(thrown instanceof Error ? thrown.message : String(thrown)),
            },
          );
        }}
      >
        <label htmlFor={fieldId}>Guideline ids or links</label>
        <textarea
          className="input"
          id={fieldId}
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={'One per line, or separated by commas.\nLinks that contain an id work too.'}
          spellCheck={false}
          aria-invalid={error !== null}
        />
        {error && <p className="inline-error">{error}</p>}
        <div className="actions">
          <button type="submit" className="button-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add to library'}
          </button>
        </div>
      </form>
      <div role="status" className="library-add-report">
        {report && (
          <>
            <p>{summary(report)}</p>
            <ul aria-label="What was added">
              {report.items.map((item, index) => (
                <li key={index} className={`library-add-item library-add-${item.outcome}`}>
                  <strong>{OUTCOME_WORDS[item.outcome]}:</strong> <span className="mono">{item.input}</span> — {item.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Disclosure>
  );
}
