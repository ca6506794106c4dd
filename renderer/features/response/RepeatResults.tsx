import type { RepeatState } from './queries/repeat';
import { formatMs } from '../../lib/format';
import { firstLine, groupsByCount, percentile } from './repeatSummary';

function Percentiles({ label, values }: { label: string; values: readonly number[] }) {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{p50 === null ? '—' : formatMs(p50)}</td>
      <td>{p95 === null ? '—' : formatMs(p95)}</td>
      <td>{values.length}</td>
    </tr>
  );
}

/**
 * What a repeat came to: how many runs ended and how, p50/p95 of both times over the answered
 * runs (the server's time only where its duration could be read), failures by code, and the
 * distinct answers with how often each came back. Answers are shown by their first line,
 * as text.
 */
export function RepeatResults({ state }: { state: RepeatState }) {
  const { tally, total, status } = state;
  const failed = tally.done - tally.answered;
  const groups = groupsByCount(tally.groups);
  const ended = status === 'done' ? 'Finished' : status === 'stopped' ? 'Stopped' : 'Running';
  return (
    <div className="repeat-results">
      <p role="status" className="repeat-line">
        <strong>{ended}:</strong> {tally.done} of {total} runs ended · {tally.answered} answered · {failed} failed
      </p>
      {tally.done > 0 && (
        <table className="repeat-table">
          <caption className="visually-hidden">Times of the answered runs</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">p50</th>
              <th scope="col">p95</th>
              <th scope="col">of runs</th>
            </tr>
          </thead>
          <tbody>
            <Percentiles label="Server time" values={tally.serverMs} />
            <Percentiles label="Round trip" values={tally.roundTripMs} />
          </tbody>
        </table>
      )}
      {tally.failures.length > 0 && (
        <div className="repeat-block">
          <h4 className="repeat-subtitle">Failures by code</h4>
          <ul className="list-inline repeat-failures">
            {tally.failures.map((failure) => (
              <li key={failure.code}>
                <code>{failure.code}</code> × {failure.count}
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.length > 0 && (
        <div className="repeat-block">
          <h4 className="repeat-subtitle">{groups.length === 1 ? 'One distinct answer' : `${groups.length} distinct answers`}</h4>
          <ol className="repeat-groups">
            {groups.map((group) => (
              <li key={group.firstRun}>
                <span className="repeat-count">× {group.count}</span>
                <span className="repeat-answer">{group.answer === '' ? <em>(empty answer)</em> : firstLine(group.answer)}</span>
                <span className="muted small">first in run {group.firstRun}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
