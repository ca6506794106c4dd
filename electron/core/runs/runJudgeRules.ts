import type { DatabaseSync } from 'node:sqlite';
import type { RunJudgement, RunJudgeSummary, RunRuleCell, RunRules, RunRulesGuideline } from '../../shared/api';
import { queries, type MatrixLine } from './runAggregates';

/**
 * Each judge's verdict by rule, kept narrow (migration 14) and read back as the rules view: the
 * matrix's lines against the rules of one guideline. A result's judgement in full stays in its
 * detail; what is read by rule over a whole run (this view's columns, compare's rules newly
 * failing) is read from run_judge_rules and run_judge_columns, never from the exchanges.
 */

/** Characters of a rule's text kept for a column's title (the guideline's rule, as the judge was sent it). */
const RULE_TEXT_LIMIT = 500;

/** "1. Greet the customer by name." lines of a judge's payload, by rule number. */
function ruleTexts(judgement: RunJudgement): Map<number, string> {
  const texts = new Map<number, string>();
  const rules = judgement.exchange?.request.payload['rules'];
  if (typeof rules !== 'string') return texts;
  for (const line of rules.split('\n')) {
    const match = /^(\d{1,6})\. (.*)$/.exec(line);
    if (match) texts.set(Number(match[1]), match[2]!.slice(0, RULE_TEXT_LIMIT));
  }
  return texts;
}

/** Keeps the rule verdicts of results as they are written (inside the batch's transaction). */
export function judgeRuleWriter(db: DatabaseSync) {
  const insertRule = db.prepare(
    'INSERT OR REPLACE INTO run_judge_rules (run_id, idx, rule, guideline_id, pass, why) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const upsertColumn = db.prepare(
    `INSERT INTO run_judge_columns (run_id, guideline_id, rule, guideline_name, rule_text, judged) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (run_id, guideline_id, rule) DO UPDATE SET judged = judged + excluded.judged,
        rule_text = CASE WHEN rule_text = '' THEN excluded.rule_text ELSE rule_text END`,
  );
  /** A batch's results: each rule verdict, then each column's count once (a few rows a batch). */
  return (runId: string, results: ReadonlyArray<{ index: number; judgement: RunJudgement | undefined }>) => {
    const columns = new Map<string, { guideline: string; name: string; rule: number; text: string; judged: number }>();
    for (const { index, judgement } of results) {
      const guideline = judgement?.guideline;
      if (!judgement || !guideline) continue;
      const texts = ruleTexts(judgement);
      // Every rule the judge was asked about is a column, judged or not; each verdict is a row.
      const asked = new Set([...texts.keys(), ...judgement.rules.map((verdict) => verdict.rule)]);
      for (const verdict of judgement.rules) insertRule.run(runId, index, verdict.rule, guideline.id, verdict.pass ? 1 : 0, verdict.why);
      for (const rule of asked) {
        const key = `${guideline.id}\u0000${rule}`;
        const column = columns.get(key) ?? { guideline: guideline.id, name: guideline.name, rule, text: texts.get(rule) ?? '', judged: 0 };
        column.judged += 1;
        columns.set(key, column);
      }
    }
    for (const column of columns.values()) upsertColumn.run(runId, column.guideline, column.rule, column.name, column.text, column.judged);
  };
}

/** Statements that remove a run's rule verdicts and columns a batch at a time (the store's delete runs them). */
export const DELETE_JUDGE_RULES = [
  'DELETE FROM run_judge_rules WHERE run_id = ? AND idx IN (SELECT idx FROM run_judge_rules WHERE run_id = ? ORDER BY idx LIMIT ?)',
  `DELETE FROM run_judge_columns WHERE run_id = ? AND (guideline_id, rule) IN (
    SELECT guideline_id, rule FROM run_judge_columns WHERE run_id = ? LIMIT ?)`,
];

/** The rules view's page: the guidelines judged against, and the lines from `offset` against the chosen one's rules. */
export function createRunRules(
  db: DatabaseSync,
  lines: (runId: string, offset: number, limit: number) => { total: number; lines: MatrixLine[] },
) {
  const { all } = queries(db);

  function guidelinesOf(runId: string): RunRulesGuideline[] {
    const columns = all<{ guideline_id: string; guideline_name: string; rule: number; rule_text: string; judged: number }>(
      'SELECT guideline_id, guideline_name, rule, rule_text, judged FROM run_judge_columns WHERE run_id = ? ORDER BY guideline_id, rule',
      runId,
    );
    const byId = new Map<string, RunRulesGuideline & { judged: number }>();
    for (const column of columns) {
      const guideline = byId.get(column.guideline_id) ?? { id: column.guideline_id, name: column.guideline_name, rules: [], judged: 0 };
      guideline.rules.push({ rule: column.rule, text: column.rule_text });
      guideline.judged = Math.max(guideline.judged, column.judged);
      byId.set(column.guideline_id, guideline);
    }
    return [...byId.values()]
      .sort((a, b) => b.judged - a.judged || a.name.localeCompare(b.name))
      .map(({ id, name, rules }) => ({ id, name, rules }));
  }

  /** A line's judged results: each one's agent, verdict in a line, and guideline (null: it could not be fetched). */
  const judgedOf = `SELECT idx, agent_id, judge, judge_guideline AS guideline_id
    FROM run_results INDEXED BY run_results_by_line
    WHERE run_id = ? AND case_index = ? AND data_row IS ? AND iteration = ? AND judge IS NOT NULL ORDER BY idx`;
  const verdictsOf = 'SELECT rule, pass, why FROM run_judge_rules WHERE run_id = ? AND idx = ? ORDER BY rule';

  function lineOf(runId: string, line: MatrixLine, guideline: RunRulesGuideline, names: Map<string, string>): RunRules['rows'][number] {
    const place = { caseIndex: line.case_index, caseName: line.case_name, row: line.data_row, iteration: line.iteration };
    const judged = all<{ idx: number; agent_id: string; judge: string; guideline_id: string | null }>(
      judgedOf,
      runId,
      line.case_index,
      line.data_row,
      line.iteration,
    );
    if (judged.length === 0) return { ...place, judged: { kind: 'none' } };
    // A result whose guideline could not be fetched has no verdict on any guideline's rules: it shows under each.
    const mine = judged.filter((result) => result.guideline_id === null || result.guideline_id === guideline.id);
    if (mine.length === 0) {
      const others = [...new Set(judged.map((result) => names.get(result.guideline_id!) ?? result.guideline_id!))];
      return { ...place, judged: { kind: 'other', guidelines: others } };
    }
    const cells: RunRuleCell[] = guideline.rules.map(({ rule }) => ({ rule, passed: 0, failed: 0, noVerdict: 0, verdicts: [] }));
    for (const result of mine) {
      const verdicts = new Map(all<{ rule: number; pass: number; why: string }>(verdictsOf, runId, result.idx).map((v) => [v.rule, v]));
      const summary = JSON.parse(result.judge) as RunJudgeSummary;
      for (const cell of cells) {
        const verdict = verdicts.get(cell.rule);
        const pass = verdict ? verdict.pass === 1 : null;
        const why = verdict
          ? verdict.why
          : verdicts.size > 0
            ? 'This rule was not chosen for this case.'
            : `No verdict on this rule (the judge's verdict: ${summary.verdict}).`;
        if (pass === true) cell.passed += 1;
        else if (pass === false) cell.failed += 1;
        else cell.noVerdict += 1;
        cell.verdicts.push({ index: result.idx, agentId: result.agent_id, pass, why });
      }
    }
    return { ...place, judged: { kind: 'judged', cells } };
  }

  return async (runId: string, guidelineId: string | undefined, offset: number, limit: number): Promise<RunRules> => {
    const guidelines = guidelinesOf(runId);
    const guideline = guidelines.find((candidate) => candidate.id === guidelineId) ?? guidelines[0];
    if (!guideline) return { guidelines, guidelineId: null, total: 0, rows: [] };
    const { total, lines: page } = lines(runId, offset, limit);
    const names = new Map(guidelines.map((candidate) => [candidate.id, candidate.name]));
    return { guidelines, guidelineId: guideline.id, total, rows: page.map((line) => lineOf(runId, line, guideline, names)) };
  };
}
