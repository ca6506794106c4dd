import { useCallback, useId, useState } from 'react';
import type { RunRuleCell, RunRules } from '../../../../electron/shared/api';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { Pending } from '../../../ui/Pending';
import { useRunRulesPages } from '../queries/runView';
import { useAgentLabels, type AgentLabel } from './agentLabels';
import { rowTitle } from './MatrixGrid';
import { WindowedGrid, type GridLine, type Place } from './WindowedGrid';

/**
 * The matrix by rule (getRunRules): the matrix's lines (case × data row × iteration) against the
 * rules of a guideline the run's judges checked, each cell the rule's verdict. A line sent to
 * several agents has one verdict per agent in a cell: "1 of 2 failed" when they differ, each
 * agent's verdict and why in the detail. The judge's why is its own text: untrusted, shown as text
 * (in the cell's title on hover and in the detail on Enter or a click).
 */

type RulesLine = RunRules['rows'][number];

/** What a cell says: pass, fail, "1 of 2 failed", or no verdict (the judge erred, or the rule was not chosen). */
function outcomeOf(cell: RunRuleCell): { word: string; icon: string; tone: string } {
  const all = cell.passed + cell.failed + cell.noVerdict;
  if (cell.failed > 0) return { word: cell.failed === all ? 'fail' : `${cell.failed} of ${all} failed`, icon: '✗', tone: 'matrix-fail' };
  if (cell.passed > 0) return { word: cell.passed === all ? 'pass' : `${cell.passed} of ${all} passed`, icon: '✓', tone: 'matrix-pass' };
  return { word: 'no verdict', icon: '–', tone: 'matrix-none' };
}

const verdictWord = (pass: boolean | null) => (pass === null ? 'no verdict' : pass ? 'pass' : 'fail');

/** A cell's title: the rule and each verdict with the judge's why, one per line. */
function cellTitle(cell: RunRuleCell, labelOf: (agentId: string) => AgentLabel): string {
  const several = cell.verdicts.length > 1;
  return cell.verdicts
    .map(
      (verdict) => `Rule ${cell.rule}${several ? `, ${labelOf(verdict.agentId).text}` : ''}: ${verdictWord(verdict.pass)}. ${verdict.why}`,
    )
    .join('\n');
}

/** A line that has no cells against this guideline, in words: "Judged against “Tone”", "No judge expectation". */
function acrossText(line: RulesLine): string {
  if (line.judged.kind === 'other') return `Judged against ${line.judged.guidelines.map((name) => `“${name}”`).join(', ')}`;
  return 'No judge expectation';
}

/** The Matrix tab's rules view: a guideline to pick when the run judged against several, and its grid. */
export function RulesMatrix({ runId, withIteration }: { runId: string; withIteration: boolean }) {
  const [guidelineId, setGuidelineId] = useState<string | null>(null);
  const [visible, setVisible] = useState({ first: 0, last: 0 });
  const onVisible = useCallback(
    (first: number, last: number) => setVisible((now) => (now.first === first && now.last === last ? now : { first, last })),
    [],
  );
  const { rules, lineAt, error } = useRunRulesPages(runId, guidelineId, visible);
  const labelOf = useAgentLabels();
  const selectId = useId();
  if (error) return <HostErrorPanel error={error} />;
  if (rules === null) return <Pending text="Loading the rules view…" />;
  const guideline = rules.guidelines.find((candidate) => candidate.id === rules.guidelineId);
  if (!guideline) return <p className="muted">No result of this run has a judge’s verdict.</p>;
  return (
    <>
      {rules.guidelines.length > 1 ? (
        <div className="cluster">
          <label htmlFor={selectId}>Guideline</label>
          <select id={selectId} className="input" value={guideline.id} onChange={(event) => setGuidelineId(event.target.value)}>
            {rules.guidelines.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="small muted">
          Rules of <strong>{guideline.name}</strong>, as the judge numbered them.
        </p>
      )}
      {guideline.rules.length === 0 ? (
        <p className="muted">The judge gave one verdict per answer, none by rule.</p>
      ) : (
        <RulesGrid rules={rules} lineAt={lineAt} onVisible={onVisible} withIteration={withIteration} labelOf={labelOf} />
      )}
    </>
  );
}

function RulesGrid({
  rules,
  lineAt,
  onVisible,
  withIteration,
  labelOf,
}: {
  rules: RunRules;
  lineAt: (position: number) => RulesLine | undefined;
  onVisible: (first: number, last: number) => void;
  withIteration: boolean;
  labelOf: (agentId: string) => AgentLabel;
}) {
  const ruleList = rules.guidelines.find((candidate) => candidate.id === rules.guidelineId)?.rules ?? [];
  const columns = ruleList.map(({ rule, text }) => ({
    key: String(rule),
    text: `Rule ${rule}`,
    title: text === '' ? `Rule ${rule}` : `Rule ${rule}: ${text}`,
  }));
  const gridLine = (position: number): GridLine | undefined => {
    const line = lineAt(position);
    if (!line) return undefined;
    const title = rowTitle(line, withIteration);
    if (line.judged.kind !== 'judged')
      return { title, cells: { across: { content: <span className="matrix-none">{acrossText(line)}</span> } } };
    return {
      title,
      cells: line.judged.cells.map((cell) => {
        const outcome = outcomeOf(cell);
        return {
          title: cellTitle(cell, labelOf),
          content: (
            <span className={`matrix-outcome ${outcome.tone}`}>
              <span aria-hidden="true">{outcome.icon}</span> {outcome.word}
            </span>
          ),
        };
      }),
    };
  };
  return (
    <WindowedGrid
      label="Judge's verdicts by case and rule"
      columns={columns}
      total={rules.total}
      lineAt={gridLine}
      onVisible={onVisible}
      detail={(place) => (
        <RuleDetail
          line={place ? lineAt(place.row) : undefined}
          place={place}
          rules={ruleList}
          labelOf={labelOf}
          withIteration={withIteration}
        />
      )}
    />
  );
}

/** The verdicts of the cell previewed or chosen, with the judge's why, in a live region (heard when Enter keeps a cell). */
function RuleDetail({
  line,
  place,
  rules,
  labelOf,
  withIteration,
}: {
  line: RulesLine | undefined;
  place: Place | null;
  rules: ReadonlyArray<{ rule: number; text: string }>;
  labelOf: (agentId: string) => AgentLabel;
  withIteration: boolean;
}) {
  const rule = place ? rules[place.col] : undefined;
  const cell = line?.judged.kind === 'judged' && place ? line.judged.cells[place.col] : undefined;
  return (
    <div role="status" aria-label="Rule verdict" className="matrix-detail">
      {!line || !rule ? (
        <p className="muted small">Point at a cell to see the judge’s why; click it or press Enter to keep it here.</p>
      ) : !cell ? (
        <p className="matrix-detail-head">
          <strong>{rowTitle(line, withIteration)}</strong>: {acrossText(line)}, not by these rules.
        </p>
      ) : (
        <>
          <p className="matrix-detail-head">
            <strong>{rowTitle(line, withIteration)}</strong>, rule {rule.rule}
            {rule.text === '' ? '' : ` (${rule.text})`}: {outcomeOf(cell).word}
          </p>
          <ul className="rule-verdicts small" aria-label="Verdicts">
            {cell.verdicts.map((verdict) => {
              const label = labelOf(verdict.agentId);
              return (
                <li key={verdict.index}>
                  <span title={label.title}>{label.text}</span>:{' '}
                  <span className={verdict.pass === null ? 'matrix-none' : verdict.pass ? 'matrix-pass' : 'matrix-fail'}>
                    {verdictWord(verdict.pass)}
                  </span>
                  {verdict.why === '' ? '' : ` — ${verdict.why}`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
