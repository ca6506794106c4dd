import { useEffect, useRef, useState } from 'react';
import type { RunExpectationOutcome, RunResultDetail } from '../../../../electron/shared/api';
import { useRunResult } from '../queries/runView';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { ResponseView } from '../../invoke/ResponseView';
import { Pending } from '../../../ui/Pending';
import { JudgeVerdict } from './JudgeVerdict';

/**
 * One result of a run, opened: its expectations (each passed or failed, what was expected and
 * what came), then the exchange in the same Response view a live answer and a History entry
 * use, so every view of it (answer, JSON, raw, headers, timing) is there.
 */
export function RunResultView({ runId, index, onClose }: { runId: string; index: number; onClose: () => void }) {
  const detail = useRunResult(runId, index);
  // Opened below the list: its start comes into view in the run's pane (the list stays a scroll away).
  const root = useRef<HTMLElement>(null);
  const loaded = detail.data !== undefined;
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'start' });
  }, [runId, index, loaded]);
  return (
    <section ref={root} aria-label="Opened result" className="run-opened">
      <div className="run-opened-head">
        <h3 className="run-opened-title">Result {index + 1}</h3>
        <button type="button" className="button-quiet button-small" onClick={onClose}>
          Close result
        </button>
      </div>
      {detail.isError ? (
        <HostErrorPanel error={detail.error} />
      ) : !detail.data ? (
        <Pending text="Loading the result…" busy />
      ) : (
        <OpenedResult key={`${runId}:${index}`} detail={detail.data} />
      )}
    </section>
  );
}

function OpenedResult({ detail }: { detail: RunResultDetail }) {
  const { row, judgement } = detail;
  // The Response view shows the case's exchange, or the judge's when asked for.
  const [showingJudge, setShowingJudge] = useState(false);
  const shown = showingJudge && judgement?.exchange ? judgement.exchange : { request: detail.request, result: detail.result };
  return (
    <>
      <p className="muted small">
        {row.caseName}
        {row.row !== null ? ` · data row ${row.row}` : ''}
        {row.iteration > 1 ? ` · iteration ${row.iteration}` : ''}
        {row.attempts > 1 ? ` · sent ${row.attempts} times` : ''} · {new Date(detail.recordedAt).toLocaleTimeString()} · profile{' '}
        <strong>{detail.profile.name}</strong>
      </p>
      <Expectations outcomes={detail.expectations} passed={row.passed} />
      {judgement && <JudgeVerdict judgement={judgement} showingJudge={showingJudge} onShowJudge={setShowingJudge} />}
      {showingJudge && <h4 className="run-expectations-title">The judge's exchange</h4>}
      <ResponseView
        key={showingJudge ? 'judge' : 'case'}
        state={{ status: 'success', data: shown.result, error: null, variables: { ...shown.request, profileId: detail.profile.id } }}
      />
    </>
  );
}

/** Every expectation checked, failed ones first: they are why the result was opened. */
function Expectations({ outcomes, passed }: { outcomes: RunExpectationOutcome[]; passed: boolean }) {
  const ordered = [...outcomes.filter((outcome) => !outcome.passed), ...outcomes.filter((outcome) => outcome.passed)];
  return (
    <div className="run-expectations">
      <h4 className="run-expectations-title">{passed ? 'Every expectation passed' : 'Expectations'}</h4>
      {ordered.length === 0 ? (
        <p className="muted small">No expectations were checked.</p>
      ) : (
        <ul aria-label="Expectations" className="run-expectation-list">
          {ordered.map((outcome, i) => (
            <li key={`${outcome.kind}-${i}`} className={outcome.passed ? 'run-expectation-passed' : 'run-expectation-failed'}>
              <span className={outcome.passed ? 'run-pass' : 'run-fail'}>{outcome.passed ? 'Passed' : 'Failed'}</span>{' '}
              <strong className="mono">{outcome.kind}</strong>
              <dl className="run-expectation-values">
                <dt>Expected</dt>
                <dd>{outcome.expected}</dd>
                <dt>Actual</dt>
                <dd>{outcome.actual === '' ? '–' : outcome.actual}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
