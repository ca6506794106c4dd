import { askedOf } from '../../../electron/shared/reports/reportEntry';
import type { ExchangeRecord, HistoryEntry, JsonValue, PlatformError } from '../../../electron/shared/api';
import { savedToFileText } from '../../../electron/shared/api';
import { formatMs } from '../../lib/format';
import { DEFAULT_LIMITS, deadlineIn, wordDiff, type Deadline, type DiffLimits, type WordDiff } from './wordDiff';

/**
 * Two history entries compared, as data the Comparison view renders (and tests read) without
 * a DOM. Entry 1 is the one ticked first. Every value is a plain string: the view shows it as
 * text, never as markup. Whatever the pair (two invokes, an invoke and a guideline fetch, a
 * success and a failure), what both have is compared and `notes` says plainly what differs in
 * kind, so nothing is silently left out.
 */

/** A fact of each entry (profile, status, token…), and whether they differ. */
interface FactRow {
  label: string;
  values: readonly [string, string];
  differs: boolean;
}

/** A text of both entries (request text, answer, guideline content…), word-diffed; or held by one only. */
export type TextRow =
  { label: string; kind: 'both'; diff: WordDiff } | { label: string; kind: 'one'; side: 0 | 1; text: string; missing: string };

/** A payload key: in one entry only, or in both with equal or different values (as JSON). */
export interface PayloadRow {
  key: string;
  change: 'added' | 'removed' | 'changed' | 'same';
  values: readonly [string | null, string | null];
}

/** A timing of each entry, with entry 2 minus entry 1 in ms when both have it as a number. */
interface TimingRow {
  label: string;
  values: readonly [string, string];
  deltaMs: number | null;
}

export interface Comparison {
  /** Plain sentences: what differs in kind (invoke vs guideline, success vs failure, servers), and texts that are the same. */
  notes: string[];
  facts: FactRow[];
  texts: TextRow[];
  /** Key by key, when both are invokes; null otherwise. */
  payload: PayloadRow[] | null;
  timing: TimingRow[];
}

const NONE = '—';

/** "invoke", "guideline fetch", "invoke (failed)", "guideline fetch (cancelled)", "invoke saved to file". */
export function kindName(entry: HistoryEntry): string {
  if (entry.what === 'saved') {
    const what = entry.request.kind === 'invoke' ? 'invoke' : 'guideline fetch';
    return entry.kind === entry.request.kind ? `${what} saved to file` : `${what} saved to file (${entry.kind})`;
  }
  const what = entry.what === 'invoke' ? 'invoke' : 'guideline fetch';
  return entry.kind === entry.what ? what : `${what} (${entry.kind})`;
}

const targetOf = (entry: HistoryEntry) => {
  const asked = askedOf(entry);
  return asked.what === 'invoke' ? asked.agentId : asked.guidelineId;
};
/** "Saved to <path> (N bytes)" for a save to a file that succeeded, else null. */
const savedOf = (entry: HistoryEntry) => (entry.what === 'saved' && entry.result.ok ? savedToFileText(entry.result.value) : null);
const exchangeOf = (entry: HistoryEntry): ExchangeRecord | null =>
  entry.result.ok ? entry.result.value.exchange : entry.result.error.exchange;
const errorOf = (entry: HistoryEntry): PlatformError | null => (entry.result.ok ? null : entry.result.error);

function statusOf(entry: HistoryEntry): string {
  const exchange = exchangeOf(entry);
  if (exchange === null) return 'none (nothing was sent)';
  if (exchange.status === null) return 'none (no answer arrived)';
  return `${exchange.status}${exchange.statusText ? ` ${exchange.statusText}` : ''}`;
}

/** The host checks every answer against the contract: passed, failed, or never reached (no answer to check). */
function contractCheckOf(entry: HistoryEntry): string {
  if (entry.result.ok) return entry.what === 'saved' ? 'not checked (the body went to a file, unread)' : 'passed';
  if (entry.result.error.code === 'contract') return `failed: ${entry.result.error.message}`;
  return 'not reached (no answer to check)';
}

/** The outcome in words, for the notes: "succeeded (200 OK)" or "failed (timeout: …)". */
function outcomeOf(entry: HistoryEntry): string {
  const error = errorOf(entry);
  return error === null
    ? `succeeded (${statusOf(entry)})`
    : `${entry.kind === 'cancelled' ? 'was cancelled' : 'failed'} (${error.code}: ${error.message})`;
}

function fact(label: string, first: string, second: string): FactRow {
  return { label, values: [first, second], differs: first !== second };
}

function facts(entries: readonly [HistoryEntry, HistoryEntry]): FactRow[] {
  const [a, b] = entries;
  const both = <T>(pick: (entry: HistoryEntry) => T) => [pick(a), pick(b)] as const;
  const [askedA, askedB] = [askedOf(a).what, askedOf(b).what];
  const targetLabel = askedA === askedB ? (askedA === 'invoke' ? 'Agent' : 'Guideline') : 'Agent or guideline';
  const request = both((entry) => {
    const exchange = exchangeOf(entry);
    return exchange === null ? NONE : `${exchange.method} ${exchange.url}`;
  });
  const token = both((entry) =>
    entry.what === 'saved' && entry.result.ok
      ? 'not read (the body went to a file)'
      : askedOf(entry).what !== 'invoke'
        ? 'not applicable'
        : entry.result.ok
          ? entry.tokenPresent
            ? 'present'
            : 'absent'
          : NONE,
  );
  return [
    fact('Kind', kindName(a), kindName(b)),
    fact('Recorded', new Date(a.recordedAt).toLocaleString(), new Date(b.recordedAt).toLocaleString()),
    fact('Profile', a.profile.name, b.profile.name),
    fact('Base URL', a.profile.baseUrl, b.profile.baseUrl),
    fact(targetLabel, targetOf(a), targetOf(b)),
    fact('Request', ...request),
    fact('Status', statusOf(a), statusOf(b)),
    fact('Error code', errorOf(a)?.code ?? 'none', errorOf(b)?.code ?? 'none'),
    fact('Contract check', contractCheckOf(a), contractCheckOf(b)),
    fact('Token', ...token),
  ];
}

/** JSON with keys sorted at every level: equal values give equal text whatever their key order. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The payloads key by key, sorted by key: removed (entry 1 only), added (entry 2 only), changed, same. */
export function comparePayloads(first: Record<string, JsonValue>, second: Record<string, JsonValue>): PayloadRow[] {
  const keys = [...new Set([...Object.keys(first), ...Object.keys(second)])].sort();
  return keys.map((key) => {
    const has = [Object.hasOwn(first, key), Object.hasOwn(second, key)] as const;
    const values = [has[0] ? JSON.stringify(first[key]) : null, has[1] ? JSON.stringify(second[key]) : null] as const;
    const change = !has[0] ? 'added' : !has[1] ? 'removed' : canonical(first[key]!) === canonical(second[key]!) ? 'same' : 'changed';
    return { key, change, values };
  });
}

type Texts = Array<{ label: string; values: readonly [string | null, string | null]; missing: readonly [string, string] }>;

/** The texts both entries may have, by label; null where an entry has none (with why, in `missing`). */
function textsOf(entries: readonly [HistoryEntry, HistoryEntry]): Texts {
  const [a, b] = entries;
  const texts: Texts = [];
  const lacks = (entry: HistoryEntry, what: string) => {
    const saved = savedOf(entry);
    return saved === null ? `No ${what}: this entry ${outcomeOf(entry)}.` : `No ${what}: the body went to a file, unread. ${saved}.`;
  };
  const [askedA, askedB] = [askedOf(a), askedOf(b)];
  if (askedA.what === 'invoke' && askedB.what === 'invoke') {
    texts.push({ label: 'Text', values: [askedA.text, askedB.text], missing: ['', ''] });
    const answerOf = (entry: HistoryEntry) => (entry.what === 'invoke' && entry.result.ok ? entry.result.value.response.answer : null);
    const answers = [answerOf(a), answerOf(b)] as const;
    if (answers[0] !== null || answers[1] !== null)
      texts.push({ label: 'Answer', values: answers, missing: [lacks(a, 'answer'), lacks(b, 'answer')] });
  }
  if (askedA.what === 'guideline' && askedB.what === 'guideline') {
    const guidelineOf = (entry: HistoryEntry) => (entry.what === 'guideline' && entry.result.ok ? entry.result.value.guideline : null);
    const guidelines = [guidelineOf(a), guidelineOf(b)] as const;
    if (guidelines[0] !== null || guidelines[1] !== null) {
      for (const field of ['name', 'description', 'content'] as const) {
        const label = field[0]!.toUpperCase() + field.slice(1);
        texts.push({
          label,
          values: [guidelines[0]?.[field] ?? null, guidelines[1]?.[field] ?? null],
          missing: [lacks(a, 'guideline'), lacks(b, 'guideline')],
        });
      }
    }
  }
  // Errors compare with errors, whatever was asked: the same failure twice is worth seeing.
  const errors = [errorOf(a)?.message ?? null, errorOf(b)?.message ?? null] as const;
  if (errors[0] !== null && errors[1] !== null) texts.push({ label: 'Error message', values: errors, missing: ['', ''] });
  return texts;
}

function timingRow(label: string, values: readonly [number | null, number | null]): TimingRow {
  const [a, b] = values;
  return {
    label,
    values: [a === null ? NONE : formatMs(a), b === null ? NONE : formatMs(b)],
    deltaMs: a === null || b === null ? null : b - a,
  };
}

const PHASES = [
  ['DNS', 'dns'],
  ['Connect', 'connect'],
  ['TLS', 'tls'],
  ['Send', 'send'],
  ['Wait (to first byte)', 'wait'],
  ['Download', 'download'],
  ['Total (phases)', 'total'],
] as const;

function timing(entries: readonly [HistoryEntry, HistoryEntry]): TimingRow[] {
  const both = <T>(pick: (entry: HistoryEntry) => T) => [pick(entries[0]), pick(entries[1])] as const;
  const server = both((entry) => (entry.what === 'invoke' && entry.result.ok ? entry.result.value.serverDuration : null));
  const exchanges = both(exchangeOf);
  const rows: TimingRow[] = [
    { label: 'Server duration (as sent)', values: [server[0]?.raw ?? NONE, server[1]?.raw ?? NONE], deltaMs: null },
    timingRow('Server duration', [server[0]?.ms ?? null, server[1]?.ms ?? null]),
    timingRow('Round trip', [exchanges[0]?.roundTripMs ?? null, exchanges[1]?.roundTripMs ?? null]),
  ];
  for (const [label, phase] of PHASES)
    rows.push(timingRow(label, [exchanges[0]?.timing?.[phase] ?? null, exchanges[1]?.timing?.[phase] ?? null]));
  const connection = (exchange: ExchangeRecord | null) => (exchange?.timing ? (exchange.timing.reusedConnection ? 'reused' : 'new') : NONE);
  rows.push({ label: 'Connection', values: [connection(exchanges[0]), connection(exchanges[1])], deltaMs: null });
  return rows;
}

function notes(entries: readonly [HistoryEntry, HistoryEntry], texts: Texts): string[] {
  const [a, b] = entries;
  const said: string[] = [];
  // A save to a file has no body to compare: say where it went (the texts say so too).
  for (const [n, entry] of [
    [1, a],
    [2, b],
  ] as const) {
    const saved = savedOf(entry);
    if (saved !== null) said.push(`Entry ${n}'s body went to a file, unread, so its answer is not compared: ${saved}.`);
  }
  if (askedOf(a).what !== askedOf(b).what) {
    said.push(
      `Entry 1 is an ${kindName(a)} of ${targetOf(a)} and entry 2 a ${kindName(b)} of ${targetOf(b)}: ` +
        'they ask different things, so only the profile, status, error code, contract check and timing are compared.',
    );
  }
  if (a.result.ok !== b.result.ok || a.kind !== b.kind) said.push(`Entry 1 ${outcomeOf(a)}; entry 2 ${outcomeOf(b)}.`);
  if (a.profile.id !== b.profile.id || a.profile.baseUrl !== b.profile.baseUrl) {
    said.push(`They went to different servers: ${a.profile.name} (${a.profile.baseUrl}) and ${b.profile.name} (${b.profile.baseUrl}).`);
  }
  for (const text of texts) {
    if (text.values[0] !== null && text.values[1] !== null && text.values[0] === text.values[1])
      said.push(`${text.label}: the same in both.`);
  }
  return said;
}

/**
 * Compares two entries; entry 1 is the first ticked. The word diffs share one time budget
 * (`limits.budgetMs`, or the `deadline` given), so however large the texts, this returns
 * within about that time.
 */
export function compareEntries(
  entries: readonly [HistoryEntry, HistoryEntry],
  limits: DiffLimits = DEFAULT_LIMITS,
  deadline: Deadline = deadlineIn(limits.budgetMs),
): Comparison {
  const found = textsOf(entries);
  const texts: TextRow[] = found.map(({ label, values, missing }) => {
    const [a, b] = values;
    if (a !== null && b !== null) return { label, kind: 'both', diff: wordDiff(a, b, limits, deadline) };
    const side = a === null ? 1 : 0;
    return { label, kind: 'one', side, text: (a ?? b)!, missing: missing[side === 0 ? 1 : 0] };
  });
  const [a, b] = entries;
  return {
    notes: notes(entries, found),
    facts: facts(entries),
    texts,
    payload: comparedPayloads(askedOf(a), askedOf(b)),
    timing: timing(entries),
  };
}

function comparedPayloads(a: ReturnType<typeof askedOf>, b: ReturnType<typeof askedOf>): PayloadRow[] | null {
  return a.what === 'invoke' && b.what === 'invoke' ? comparePayloads(a.payload, b.payload) : null;
}

/** "+12.5 ms", "−3 ms", "0 ms": entry 2 minus entry 1, signed (a true minus sign, read as "minus"). */
export function formatDelta(ms: number): string {
  if (ms === 0) return '0 ms';
  return `${ms > 0 ? '+' : '−'}${formatMs(Math.abs(ms))}`;
}
