/**
 * Reading a judge agent's answer: the verdict an agent of the platform gives on another agent's
 * answer against a guideline's rules. A judge is a prompt a team writes, so its answer comes in
 * whatever shape its model chose; three shapes are understood, tried in this order:
 * 1. JSON `{"verdicts": [{"rule": 1, "pass": true, "why": "…"}, …]}`, bare or inside a code fence;
 * 2. lines that start with a rule number and PASS or FAIL (`1. PASS: greets by name`,
 *    `Rule 2 - FAIL - no date given`);
 * 3. the whole answer: it passes when it holds the pass word (default PASS) and no FAIL.
 * Anything else is unreadable, and an unreadable verdict fails saying so, never silently.
 * The judge's answer is untrusted text: what is kept of it (`why`) is capped and stays text.
 */

/** One rule's verdict. `rule` is the rule's number in the guideline (1-based, as the checklist counts). */
interface RuleVerdict {
  rule: number;
  pass: boolean;
  /** The judge's reason, as it wrote it (at most WHY_LIMIT characters). Untrusted text. */
  why: string;
}

type VerdictForm = 'json' | 'lines' | 'word';

export interface ReadableVerdict {
  readable: true;
  form: VerdictForm;
  /** Every chosen rule passed (the `word` form: the pass word and no FAIL). */
  passed: boolean;
  /** The verdicts on the chosen rules, by rule number (none in the `word` form). */
  rules: RuleVerdict[];
  /** Chosen rules the judge said nothing of: each counts as failed. */
  missing: number[];
}

interface UnreadableVerdict {
  readable: false;
  passed: false;
  /** What was wrong, said so a person can fix the judge's prompt. */
  problem: string;
}

export type JudgeVerdict = ReadableVerdict | UnreadableVerdict;

export interface VerdictOptions {
  /** The word that means pass in the `lines` and `word` forms; PASS when absent. */
  passWhen?: string;
  /** The rules that count (their numbers); every rule the guideline has when absent. */
  rules?: readonly number[];
  /** How many rules the guideline has: a rule the judge skipped counts as failed. Unknown when absent. */
  ruleCount?: number;
}

/** At most this many characters of a rule's reason are kept. */
export const WHY_LIMIT = 1_000;
/** At most this many rule verdicts are read (a guideline's checklist holds at most 1,000 rules). */
const VERDICT_LIMIT = 1_000;

const FENCED = /```[^\n`]*\n([\s\S]*?)```/g;
const RULE_NUMBER = /^\d{1,6}$/;

function cap(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > WHY_LIMIT ? `${trimmed.slice(0, WHY_LIMIT - 1)}…` : trimmed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The JSON texts worth trying: each fenced block, the whole answer, and its outermost braces. */
function jsonCandidates(answer: string): string[] {
  const candidates = [...answer.matchAll(FENCED)].map((match) => match[1]!);
  candidates.push(answer);
  const first = answer.indexOf('{');
  const last = answer.lastIndexOf('}');
  if (first !== -1 && last > first) candidates.push(answer.slice(first, last + 1));
  return candidates;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text.trim());
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function ruleOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  if (typeof value === 'string' && RULE_NUMBER.test(value.trim()) && Number(value) >= 1) return Number(value);
  return null;
}

function passOf(value: unknown, passWhen: string): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = value.trim().toUpperCase();
  if (word === 'FAIL' || word === 'FAILED') return false;
  if (word === 'PASS' || word === 'PASSED' || word === passWhen.toUpperCase()) return true;
  return null;
}

/** The `verdicts` of a JSON answer; null when the answer holds none; a problem when they are malformed. */
function fromJson(answer: string, passWhen: string): RuleVerdict[] | { problem: string } | null {
  for (const candidate of jsonCandidates(answer)) {
    const object = parseObject(candidate);
    if (object === null || !Object.hasOwn(object, 'verdicts')) continue;
    const list = object.verdicts;
    if (!Array.isArray(list)) return { problem: 'Its JSON "verdicts" is not a list.' };
    if (list.length > VERDICT_LIMIT)
      return {
        problem: `Its JSON holds ${list.length.toLocaleString('en-US')} verdicts; at most ${VERDICT_LIMIT.toLocaleString('en-US')} are read.`,
      };
    const verdicts: RuleVerdict[] = [];
    for (const [position, item] of list.entries()) {
      const entry = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
      const rule = ruleOf(entry?.rule);
      const pass = passOf(entry?.pass ?? entry?.verdict, passWhen);
      if (entry === null || rule === null) return { problem: `Verdict ${position + 1} of its JSON has no rule number ("rule": 1).` };
      if (pass === null)
        return { problem: `Verdict ${position + 1} of its JSON (rule ${rule}) says neither pass nor fail ("pass": true or false).` };
      verdicts.push({ rule, pass, why: cap(typeof entry.why === 'string' ? entry.why : '') });
    }
    return verdicts;
  }
  return null;
}

/** Lines that start with a rule number and the pass word or FAIL; null when there are none. */
function fromLines(answer: string, passWhen: string): RuleVerdict[] | null {
  const words = [...new Set(['PASS', 'FAIL', passWhen].map(escapeRegExp))].join('|');
  // "1. PASS: …", "1) FAIL - …", "Rule 2: PASS", "- **3** — FAIL — …", "#4 PASS"
  const line = new RegExp(
    `^\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?(?:rule\\s*)?#?(\\d{1,6})(?:\\*\\*|__)?\\s*[.):\\-\\u2013\\u2014]?\\s*(?:\\*\\*|__)?(${words})(?:\\*\\*|__)?\\b[\\s:.,;\\-\\u2013\\u2014]*(.*)$`,
    'i',
  );
  const verdicts: RuleVerdict[] = [];
  for (const text of answer.split(/\r?\n/)) {
    const match = line.exec(text);
    if (match === null) continue;
    const rule = Number(match[1]);
    if (rule < 1) continue;
    verdicts.push({ rule, pass: match[2]!.toUpperCase() !== 'FAIL', why: cap(match[3]!) });
    if (verdicts.length >= VERDICT_LIMIT) break;
  }
  return verdicts.length > 0 ? verdicts : null;
}

/** One verdict per rule, in rule order: a rule judged twice passes only if both passed. */
function byRule(verdicts: readonly RuleVerdict[]): RuleVerdict[] {
  const rules = new Map<number, RuleVerdict>();
  for (const verdict of verdicts) {
    const seen = rules.get(verdict.rule);
    if (seen === undefined) rules.set(verdict.rule, { ...verdict });
    else {
      seen.pass = seen.pass && verdict.pass;
      if (verdict.why !== '' && verdict.why !== seen.why) seen.why = cap(seen.why === '' ? verdict.why : `${seen.why} / ${verdict.why}`);
    }
  }
  return [...rules.values()].sort((a, b) => a.rule - b.rule);
}

function judged(form: VerdictForm, verdicts: readonly RuleVerdict[], options: VerdictOptions): ReadableVerdict {
  const all = byRule(verdicts);
  const chosen =
    options.rules !== undefined
      ? [...new Set(options.rules)].sort((a, b) => a - b)
      : options.ruleCount !== undefined
        ? Array.from({ length: options.ruleCount }, (_, index) => index + 1)
        : all.map((verdict) => verdict.rule);
  const rules = all.filter((verdict) => chosen.includes(verdict.rule));
  const missing = chosen.filter((rule) => !all.some((verdict) => verdict.rule === rule));
  return { readable: true, form, passed: missing.length === 0 && rules.every((verdict) => verdict.pass), rules, missing };
}

/** The verdict in a judge's answer. */
export function readVerdict(answer: string, options: VerdictOptions = {}): JudgeVerdict {
  const passWhen = options.passWhen?.trim() || 'PASS';
  const json = fromJson(answer, passWhen);
  if (json !== null && 'problem' in json)
    return { readable: false, passed: false, problem: `The judge's answer could not be read: ${json.problem}` };
  if (json !== null) return judged('json', json, options);
  const lines = fromLines(answer, passWhen);
  if (lines !== null) return judged('lines', lines, options);
  const hasPass = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(passWhen)}(?![\\p{L}\\p{N}])`, 'u').test(answer);
  const hasFail = /(?<![\p{L}\p{N}])FAIL(?![\p{L}\p{N}])/u.test(answer);
  if (hasPass || hasFail) return { readable: true, form: 'word', passed: hasPass && !hasFail, rules: [], missing: [] };
  return {
    readable: false,
    passed: false,
    problem: `The judge's answer has no verdict: no JSON "verdicts", no lines starting with a rule number and ${passWhen} or FAIL, and neither ${passWhen} nor FAIL in it.`,
  };
}

/** "rules 2, 5 failed", "no verdict on rule 3", "unreadable: …": a verdict in one line, for tables and terminals. */
export function describeVerdict(verdict: JudgeVerdict): string {
  if (!verdict.readable) return verdict.problem;
  if (verdict.form === 'word') return verdict.passed ? 'passed' : 'failed';
  const failing = verdict.rules.filter((rule) => !rule.pass).map((rule) => rule.rule);
  const parts: string[] = [];
  if (failing.length > 0) parts.push(`${failing.length === 1 ? 'rule' : 'rules'} ${failing.join(', ')} failed`);
  if (verdict.missing.length > 0)
    parts.push(`no verdict on ${verdict.missing.length === 1 ? 'rule' : 'rules'} ${verdict.missing.join(', ')}`);
  return parts.length === 0 ? `all ${verdict.rules.length} ${verdict.rules.length === 1 ? 'rule' : 'rules'} passed` : parts.join('; ');
}
