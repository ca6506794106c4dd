import { useMemo, useState } from 'react';
import type { ComparedList, Percentiles, RunComparison, RunPair, RunResultRow } from '../../../../electron/shared/api';
import { formatMs } from '../../../lib/format';
import { formatDelta } from '../../history/compare';
import { Marked } from '../../history/DiffText';
import { DEFAULT_LIMITS, deadlineIn, wordDiff, type DiffPart, type WordDiff } from '../../history/wordDiff';
import type { AgentLabel } from './agentLabels';
import { RulesNewlyFailing, rulesSummary } from './RulesNewlyFailing';

/** Answers diffed at first; more on request (each diff is bounded, but a thousand side by side is not readable). */
const PAGE = 20;

/** "reflects customer, row 2" (and "iteration 3" past the first). */
function resultTitle(row: RunResultRow): string {
  return [row.caseName, row.row === null ? null : `row ${row.row}`, row.iteration > 1 ? `iteration ${row.iteration}` : null]
    .filter(Boolean)
    .join(', ');
}

const statusText = (row: RunResultRow) => (row.status === null ? (row.errorCode ?? 'none') : String(row.status));

/** "+12 ms (+25%)", "−3 ms (−10%)"; the percentage left out when there was nothing before. */
function shiftText(before: number, after: number): string {
  const delta = after - before;
  if (before === 0) return formatDelta(delta);
  const percent = (delta / before) * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${formatDelta(delta)} (${sign}${Math.abs(percent).toFixed(Math.abs(percent) < 10 ? 1 : 0)}%)`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Showing the first 100 of 2,345." under a list the host gave only the start of, with a button for more when it can give more. */
function Partial({ list, what, onMore }: { list: ComparedList<unknown>; what: string; onMore: (() => void) | undefined }) {
  if (list.items.length >= list.total) return null;
  return (
    <p className="small muted compare-partial">
      Showing the first {count(list.items.length)} of {count(list.total)}.{' '}
      {onMore && (
        <button type="button" className="button-quiet button-small" onClick={onMore}>
          Show more {what}
        </button>
      )}
    </p>
  );
}

/**
 * Two runs compared: what changed pass/fail, which answers changed (word diff), the latency
 * shift, and what only one run has. The host counts every list in full and gives the first of
 * each (in this run's plan order); `onMore` asks it for more of them, absent when it can give no more.
 */
export function ComparisonView({
  comparison,
  labelOf,
  onMore,
}: {
  comparison: RunComparison;
  labelOf: (agentId: string) => AgentLabel;
  onMore?: (() => void) | undefined;
}) {
  const { newlyFailing, newlyPassing, answerChanged, rulesNewlyFailing, onlyBefore, onlyAfter } = comparison;
  return (
    <div className="comparison-runs">
      <p className="compare-summary">
        {count(newlyFailing.total)} newly failing, {count(newlyPassing.total)} newly passing, {count(answerChanged.total)}{' '}
        {answerChanged.total === 1 ? 'answer' : 'answers'} changed
        {rulesNewlyFailing.total > 0 ? `; ${rulesSummary(rulesNewlyFailing)}` : ''}.
      </p>
      <PairTable title="Newly failing" list={newlyFailing} failedOf="after" labelOf={labelOf} onMore={onMore} />
      {rulesNewlyFailing.total > 0 && (
        <RulesNewlyFailing
          list={rulesNewlyFailing}
          labelOf={labelOf}
          partial={<Partial list={rulesNewlyFailing} what="rules newly failing" onMore={onMore} />}
        />
      )}
      <PairTable title="Newly passing" list={newlyPassing} failedOf="before" labelOf={labelOf} onMore={onMore} />
      <ChangedAnswers changed={answerChanged} labelOf={labelOf} onMore={onMore} />
      <LatencyShift latency={comparison.latency} />
      <section aria-label="Only in one run" className="compare-section">
        <h3 className="compare-section-title">Only in one run</h3>
        <p>
          {onlyBefore} {onlyBefore === 1 ? 'result' : 'results'} only in the baseline; {onlyAfter} {onlyAfter === 1 ? 'result' : 'results'}{' '}
          only in this run.
        </p>
      </section>
    </div>
  );
}

function AgentName({ agentId, labelOf }: { agentId: string; labelOf: (agentId: string) => AgentLabel }) {
  const label = labelOf(agentId);
  return <span title={label.title}>{label.text}</span>;
}

function PairTable({
  title,
  list,
  failedOf,
  labelOf,
  onMore,
}: {
  title: string;
  list: ComparedList<RunPair>;
  failedOf: 'before' | 'after';
  labelOf: (agentId: string) => AgentLabel;
  onMore: (() => void) | undefined;
}) {
  const pairs = list.items;
  return (
    <section aria-label={title} className="compare-section">
      <h3 className="compare-section-title">
        {title} ({count(list.total)})
      </h3>
      {pairs.length === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <table className="data-table compare-pairs">
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Data row</th>
              <th scope="col">Agent</th>
              <th scope="col">Status before → after</th>
              <th scope="col">{failedOf === 'after' ? 'Failed expectations (now)' : 'Failed expectations (before)'}</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((pair) => (
              <tr key={pair.after.index}>
                <td>{pair.after.caseName}</td>
                <td>{pair.after.row ?? '—'}</td>
                <td>
                  <AgentName agentId={pair.after.agentId} labelOf={labelOf} />
                </td>
                <td>
                  {statusText(pair.before)} → {statusText(pair.after)}
                </td>
                <td>
                  {pair[failedOf].failed.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="compare-failed">
                      {pair[failedOf].failed.map((line, index) => (
                        <li key={index}>{line}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Partial list={list} what={title.toLowerCase()} onMore={onMore} />
    </section>
  );
}

function ChangedAnswers({
  changed,
  labelOf,
  onMore,
}: {
  changed: RunComparison['answerChanged'];
  labelOf: (agentId: string) => AgentLabel;
  onMore: (() => void) | undefined;
}) {
  const [shown, setShown] = useState(PAGE);
  const visible = useMemo(() => changed.items.slice(0, shown), [changed, shown]);
  // History's bounded word diff: all the diffs on screen share one time budget, so a page of large answers stays quick.
  const diffs = useMemo(() => {
    const deadline = deadlineIn(DEFAULT_LIMITS.budgetMs);
    return visible.map((item) => wordDiff(item.beforeAnswer, item.afterAnswer, DEFAULT_LIMITS, deadline));
  }, [visible]);
  return (
    <section aria-label="Answers changed" className="compare-section">
      <h3 className="compare-section-title">Answers changed ({count(changed.total)})</h3>
      {changed.total === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <>
          <p className="diff-legend small">
            Words only in the baseline are <del className="diff-removed">struck through</del>; words only in this run are{' '}
            <ins className="diff-added">underlined</ins>.
          </p>
          <ol className="compare-answers">
            {visible.map((item, index) => (
              <li key={item.after.index} className="compare-answer">
                <h4 className="compare-text-title">
                  {resultTitle(item.after)}, <AgentName agentId={item.after.agentId} labelOf={labelOf} />
                </h4>
                <AnswerDiff diff={diffs[index]!} />
              </li>
            ))}
          </ol>
          {shown < changed.items.length ? (
            <button type="button" className="button-quiet button-small" onClick={() => setShown((count) => count + PAGE)}>
              Show {Math.min(PAGE, changed.items.length - shown)} more changed answers
            </button>
          ) : (
            <Partial list={changed} what="changed answers" onMore={onMore} />
          )}
        </>
      )}
    </section>
  );
}

function sideParts(parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] {
  return parts.filter((part) => part.op === 'same' || part.op === (side === 'before' ? 'removed' : 'added'));
}

/** Before and after side by side, changed words marked (del/ins, with words for screen readers). */
function AnswerDiff({ diff }: { diff: WordDiff }) {
  const sides = (['before', 'after'] as const).map((side, index) => (
    <div className="diff-side" key={side}>
      <div className="diff-side-label small muted">{side === 'before' ? 'Before' : 'After'}</div>
      <div className="diff-text" role="group" aria-label={side === 'before' ? 'Answer before' : 'Answer after'}>
        {diff.kind === 'skipped' ? diff.texts[index] : sideParts(diff.parts, side).map((part, key) => <Marked key={key} part={part} />)}
      </div>
    </div>
  ));
  return (
    <>
      {diff.kind === 'skipped' && <p className="small diff-skipped">{diff.reason}</p>}
      <div className="diff-columns">{sides}</div>
    </>
  );
}

type Side = { roundTrip: Percentiles | null; server: Percentiles | null };

function LatencyShift({ latency }: { latency: { before: Side; after: Side } }) {
  const rows = (['roundTrip', 'server'] as const).flatMap((measure) =>
    (['p50', 'p95'] as const).map((quantile) => {
      const before = latency.before[measure]?.[quantile] ?? null;
      const after = latency.after[measure]?.[quantile] ?? null;
      return { label: `${measure === 'roundTrip' ? 'Round trip' : 'Server time'} ${quantile}`, before, after };
    }),
  );
  return (
    <section aria-label="Latency shift" className="compare-section">
      <h3 className="compare-section-title">Latency shift</h3>
      <table className="data-table compare-latency">
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">Before → after</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>
                {row.before === null ? '—' : formatMs(row.before)} → {row.after === null ? '—' : formatMs(row.after)}
              </td>
              <td>{row.before === null || row.after === null ? 'not measured in both' : shiftText(row.before, row.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
