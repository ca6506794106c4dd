import { useId, useRef, useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useGuideline } from '../../queries/guideline';
import { useKnownGuidelines } from '../../queries/knownLists';
import { IdCombobox } from '../../ui/IdCombobox';
import { PickList } from '../../ui/PickList';
import { GuidelineView } from './GuidelineView';

/**
 * The Guidelines tab: open a guideline by id (typed, suggested, or picked from the known
 * list) and read it. Opening the id already shown fetches it again, so a person can check
 * for changes without retyping.
 */
export function GuidelinesPanel() {
  const known = useKnownGuidelines();
  const [input, setInput] = useState('');
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const guideline = useGuideline(openedId);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  function open(id: string) {
    const trimmed = id.trim();
    if (trimmed === '') {
      setInputError('Enter a guideline id, or pick a known guideline.');
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    if (trimmed === openedId) void guideline.refetch({ cancelRefetch: false });
    else setOpenedId(trimmed);
  }

  return (
    <div className="split-layout">
      <div className="card">
        <form
          className="guideline-form"
          aria-label="Open a guideline"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            open(input);
          }}
        >
          <div className="card-head">
            <h2 className="card-title">Open a guideline</h2>
            <span className="muted small card-subtitle">GET /api/guideline/&#123;guideline&#125;/</span>
          </div>
          <IdCombobox
            label="Guideline"
            value={input}
            onChange={(value) => {
              setInputError(null);
              setInput(value);
            }}
            options={known.data}
            placeholder="Guideline id"
            error={inputError}
            inputRef={inputRef}
          />
          <div className="actions">
            <button type="submit" className="button-primary">
              Open guideline
            </button>
          </div>
        </form>
        <section className="picker" aria-labelledby={headingId}>
          <h3 id={headingId} className="section-title">
            Known guidelines
          </h3>
          {known.isError && <p className="inline-error">Could not load the known guidelines: {thrownMessage(known.error)}</p>}
          {known.data?.length === 0 && <p className="muted small">No known guidelines for this profile.</p>}
          {known.data && known.data.length > 0 && (
            <PickList
              currentId={openedId}
              items={known.data}
              onPick={(id) => {
                setInput(id);
                open(id);
              }}
            />
          )}
        </section>
      </div>
      <GuidelineView
        state={{
          openedId,
          data: guideline.data,
          error: guideline.error,
          isError: guideline.isError,
          isFetching: guideline.isFetching,
        }}
      />
    </div>
  );
}
