import { useEffect, useId, useRef, useState } from 'react';
import type { InvokeRequest } from '../../../electron/shared/api';
import { useProfiles } from '../profile/queries/profiles';
import { useRepeatInvoke } from './queries/repeat';
import { useProfileCheck, useTabProfile, type ProfileSend } from '../workspace/profileCheck';
import { MAX_CONCURRENCY, MAX_RUNS } from './repeatSummary';
import { RepeatResults } from './RepeatResults';

/** A whole number within [min, max] typed in a field, or null. */
function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * Repeat the request N times to see how stable the agent is. Each run is billed like any
 * invoke, so nothing is sent until the person confirms a sentence that names the number;
 * Stop starts no further runs and cancels the ones in flight. Like Invoke, the runs go to the
 * tab's own profile: when another is active, the person is asked first (useProfileCheck).
 * The runs themselves are a one-case run on the host's runner (renderer/features/response/queries/repeat.ts).
 */
export function RepeatPanel({ request }: { request: Pick<InvokeRequest, 'agentId' | 'text' | 'payload'> }) {
  const { state, start, stop } = useRepeatInvoke();
  const profileCheck = useProfileCheck(useTabProfile());
  const activeProfileId = useProfiles().data?.activeProfileId;
  const [runsText, setRunsText] = useState('10');
  const [concurrencyText, setConcurrencyText] = useState('1');
  const [confirming, setConfirming] = useState<{ runs: number; concurrency: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { runs: useId(), concurrency: useId(), error: useId(), heading: useId() };
  const confirmButton = useRef<HTMLButtonElement>(null);
  const repeatButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const running = state.status === 'running';

  // Keyboard focus follows the step: to the confirm button, to Stop, and back when done.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (running) stopButton.current?.focus();
    else if (document.activeElement === document.body) repeatButton.current?.focus({ preventScroll: true });
  }, [running]);

  function ask() {
    const runs = wholeIn(runsText, 1, MAX_RUNS);
    const concurrency = wholeIn(concurrencyText, 1, MAX_CONCURRENCY);
    if (runs === null) {
      setError(`Runs must be a whole number from 1 to ${MAX_RUNS}.`);
    } else if (concurrency === null) {
      setError(`At once must be a whole number from 1 to ${MAX_CONCURRENCY}.`);
    } else {
      setError(null);
      setConfirming({ runs, concurrency });
    }
  }

  function confirm() {
    if (!confirming) return;
    const { runs, concurrency } = confirming;
    const focusRepeat = () => requestAnimationFrame(() => repeatButton.current?.focus());
    const send: ProfileSend = (profileId) => {
      // A run always names its profile; outside a request tab that is the active one.
      const target = profileId ?? activeProfileId;
      if (target === undefined) {
        setError('The profiles have not loaded yet: try again in a moment.');
        return;
      }
      const { agentId, text, payload } = request;
      start({ agentId, text, payload, profileId: target }, runs, concurrency, () => void profileCheck.changed(send, focusRepeat));
    };
    setConfirming(null);
    profileCheck.check(send, focusRepeat);
  }

  return (
    <section className="repeat" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="section-title">
        Repeat
      </h3>
      {profileCheck.question}
      {!running && !confirming && (
        <div className="repeat-form">
          <CountField id={ids.runs} label="Runs" max={MAX_RUNS} value={runsText} onChange={setRunsText} error={error} errorId={ids.error} />
          <CountField
            id={ids.concurrency}
            label="At once"
            max={MAX_CONCURRENCY}
            value={concurrencyText}
            onChange={setConcurrencyText}
            error={error}
            errorId={ids.error}
          />
          <button ref={repeatButton} type="button" className="button-quiet button-small" onClick={ask}>
            Repeat…
          </button>
          <span className="muted small">1 at once runs them one after another.</span>
          {error && (
            <p id={ids.error} className="field-error repeat-error">
              {error}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <div className="repeat-confirm" role="group" aria-label="Confirm repeat">
          <p>
            Send <strong>{confirming.runs}</strong> {confirming.runs === 1 ? 'run' : 'runs'} of this request,{' '}
            {confirming.concurrency === 1 ? 'one after another' : `up to ${confirming.concurrency} at once`}? Each is a real agent run and
            may be billed.
          </p>
          <div className="cluster repeat-actions">
            <button ref={confirmButton} type="button" className="button-primary button-small" onClick={confirm}>
              Send {confirming.runs} {confirming.runs === 1 ? 'run' : 'runs'}
            </button>
            <button
              type="button"
              className="button-quiet button-small"
              onClick={() => {
                setConfirming(null);
                requestAnimationFrame(() => repeatButton.current?.focus());
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {running && (
        <div className="repeat-progress">
          <div
            role="progressbar"
            aria-label="Repeat progress"
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.tally.done}
            aria-valuetext={`${state.tally.done} of ${state.total} runs done`}
            className="progress-track"
          >
            <span className="progress-fill" style={{ width: `${(state.tally.done / Math.max(1, state.total)) * 100}%` }} />
          </div>
          <span className="mono small">
            {state.tally.done} / {state.total}
          </span>
          <button ref={stopButton} type="button" className="button-quiet button-small" onClick={stop}>
            Stop
          </button>
        </div>
      )}
      {state.status === 'failed' && (
        <p role="alert" className="field-error repeat-error">
          The repeat did not start: {state.error}
        </p>
      )}
      {state.status !== 'idle' && state.status !== 'failed' && <RepeatResults state={state} />}
    </section>
  );
}

/**
 * A labelled count from 1 to `max`, kept as typed text. It points at the form's error line while
 * there is one, and is marked invalid while that line speaks of it (the line starts with its label).
 */
function CountField({
  id,
  label,
  max,
  value,
  onChange,
  errorId,
  error,
}: {
  id: string;
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  /** The form's one error line, and its id. */
  error: string | null;
  errorId: string;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input input-narrow"
        type="number"
        min={1}
        max={max}
        value={value}
        aria-invalid={error?.startsWith(label) ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
