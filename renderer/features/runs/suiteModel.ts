import type { Expectations, Suite, SuiteCase } from '../../../electron/shared/runs/suiteTypes';
import type { JsonObject, SuiteProblem } from '../../../electron/shared/api';
import type { HeldDataFile } from './sendRunData';
import { checkPayload } from '../../lib/payload';
import type { PayloadView } from '../workspace/tabsState';
import { isPlainObject } from '../../../electron/shared/check';

/**
 * The suite as the editor holds it. Form fields keep what was typed, as text, so a
 * half-typed number or a payload that is not JSON yet is never lost; `toSuite` turns it into the
 * suite file's JSON (electron/shared/runs/suiteTypes.ts) and `fromSuite` reads a file back. The
 * host checks the JSON in full when a run starts; the editor only refuses what it cannot even
 * write down (a payload that is not a JSON object).
 */

/** Expectations as form fields: empty text means "not set" (the runner's default applies). */
export interface ExpectDraft {
  status: string;
  /** '' = the default (checked for a 2xx status). */
  contract: '' | 'true' | 'false';
  /** One text per line. */
  answerContains: string;
  answerNotContains: string;
  answerMatches: string;
  /** '' = not checked. */
  payloadReflected: '' | 'true' | 'false';
  token: '' | 'present' | 'absent';
  maxServerMs: string;
  maxRoundTripMs: string;
  /** The judge expectation as JSON text ('' = none): the form does not edit it, and keeps it as the file has it. */
  judge: string;
}

/** One case, or the suite's defaults (whose `name` is unused). */
export interface CaseDraft {
  /** Stable across reorders, for React and for focus; never written to the file. */
  key: string;
  name: string;
  agent: string;
  text: string;
  /** The payload editor's text, exactly as typed ('' = no payload field in the file). */
  payloadText: string;
  payloadView: PayloadView;
  expect: ExpectDraft;
}

export interface SuiteDraft {
  name: string;
  /** The file it was opened from or saved as; null while never saved. */
  fileName: string | null;
  /** The agents every case without its own runs against, one per line. */
  agents: string;
  /** The suite's `data` (a file name beside the suite), and the file as picked or opened. */
  dataName: string;
  data: HeldDataFile | null;
  defaults: CaseDraft;
  cases: CaseDraft[];
  /** Fields of the file the form does not show (e.g. `$schema`), kept as they were. */
  extra: Record<string, unknown>;
  /** True when edited since it was last opened, created or saved. */
  dirty: boolean;
}

const UNTITLED_FILE = 'Untitled.suite.json';

export const emptyExpect = (): ExpectDraft => ({
  status: '',
  contract: '',
  answerContains: '',
  answerNotContains: '',
  answerMatches: '',
  payloadReflected: '',
  token: '',
  maxServerMs: '',
  maxRoundTripMs: '',
  judge: '',
});

const newKey = () => crypto.randomUUID();

export function emptyCase(fields: Partial<Omit<CaseDraft, 'key'>> = {}): CaseDraft {
  return { key: newKey(), name: '', agent: '', text: '', payloadText: '{}', payloadView: 'json', expect: emptyExpect(), ...fields };
}

export function emptySuite(): SuiteDraft {
  return {
    name: '',
    fileName: null,
    agents: '',
    dataName: '',
    data: null,
    defaults: emptyCase({ payloadText: '' }),
    cases: [emptyCase()],
    extra: {},
    dirty: false,
  };
}

/** A case from a request (a request tab, a history entry). */
export function caseFromRequest(request: { agentId: string; text: string; payloadText: string }, name = ''): CaseDraft {
  return emptyCase({ name, agent: request.agentId, text: request.text, payloadText: request.payloadText || '{}' });
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function listOrOne(text: string): string | string[] | undefined {
  const all = text.split('\n').filter((line) => line !== '');
  return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
}

/** A value kept as JSON text, read back; the text itself when it is not JSON (the host names the problem). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A number field's value: a number when it reads as one, else the text (so the host names the problem). */
function numberOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

function expectOf(draft: ExpectDraft): Expectations | undefined {
  const expect: Record<string, unknown> = {
    status: numberOf(draft.status),
    contract: draft.contract === '' ? undefined : draft.contract === 'true',
    answerContains: listOrOne(draft.answerContains),
    answerNotContains: listOrOne(draft.answerNotContains),
    answerMatches: draft.answerMatches === '' ? undefined : draft.answerMatches,
    payloadReflected: draft.payloadReflected === '' ? undefined : draft.payloadReflected === 'true',
    token: draft.token === '' ? undefined : draft.token,
    maxServerMs: numberOf(draft.maxServerMs),
    maxRoundTripMs: numberOf(draft.maxRoundTripMs),
    judge: draft.judge === '' ? undefined : jsonOrText(draft.judge),
  };
  for (const key of Object.keys(expect)) if (expect[key] === undefined) delete expect[key];
  return Object.keys(expect).length === 0 ? undefined : (expect as Expectations);
}

/**
 * A payload as the file holds it: the object (left out when empty, so the defaults' payload
 * applies), or the text itself when it is not one (the host then names the problem).
 */
function payloadOf(text: string): JsonObject | string | undefined {
  if (text.trim() === '') return undefined;
  const check = checkPayload(text);
  if (!check.ok) return text;
  return Object.keys(check.payload).length === 0 ? undefined : check.payload;
}

function caseFields(draft: CaseDraft, withName: boolean): SuiteCase {
  const fields: Record<string, unknown> = {
    name: withName && draft.name.trim() !== '' ? draft.name : undefined,
    agent: draft.agent.trim() === '' ? undefined : draft.agent.trim(),
    // Empty fields are left out, so the suite's defaults apply to them.
    text: draft.text === '' ? undefined : draft.text,
    payload: payloadOf(draft.payloadText),
    expect: expectOf(draft.expect),
  };
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields as SuiteCase;
}

/** The suite file's JSON for what the editor holds. */
export function toSuite(draft: SuiteDraft): Suite {
  const defaults = caseFields(draft.defaults, false);
  const agents = lines(draft.agents);
  return {
    ...draft.extra,
    ...(draft.name.trim() !== '' ? { name: draft.name } : {}),
    ...(draft.dataName.trim() !== '' ? { data: draft.dataName.trim() } : {}),
    ...(agents.length > 0 ? { agents } : {}),
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    cases: draft.cases.map((item) => caseFields(item, true)),
  } as Suite;
}

/**
 * The file name a suite is saved under: the one it was opened from or saved as (kept, so saving
 * again replaces that file), or one made from its name ending in `.suite.json`, so a suite is
 * told from other JSON in a folder. A name typed with `.json` or `.suite.json` is not doubled.
 */
export function suiteFileName(draft: SuiteDraft): string {
  if (draft.fileName) return draft.fileName;
  const slug = draft.name
    .trim()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/(\.suite|\.json)+$/i, '')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug === '' ? UNTITLED_FILE : `${slug}.suite.json`;
}

const str = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
const textList = (value: unknown) => (Array.isArray(value) ? value.map(str).join('\n') : str(value));
const flag = (value: unknown): '' | 'true' | 'false' => (value === true ? 'true' : value === false ? 'false' : '');

function expectFrom(value: unknown): ExpectDraft {
  const expect = isPlainObject(value) ? value : {};
  return {
    status: str(expect.status),
    contract: flag(expect.contract),
    answerContains: textList(expect.answerContains),
    answerNotContains: textList(expect.answerNotContains),
    answerMatches: str(expect.answerMatches),
    payloadReflected: flag(expect.payloadReflected),
    token: expect.token === 'present' || expect.token === 'absent' ? expect.token : '',
    maxServerMs: str(expect.maxServerMs),
    maxRoundTripMs: str(expect.maxRoundTripMs),
    judge: expect.judge === undefined ? '' : JSON.stringify(expect.judge),
  };
}

function caseFrom(value: unknown, isDefaults: boolean): CaseDraft {
  const item = isPlainObject(value) ? value : {};
  const payload = item.payload === undefined ? (isDefaults ? '' : '{}') : JSON.stringify(item.payload, null, 2);
  return emptyCase({
    name: str(item.name),
    agent: str(item.agent),
    text: str(item.text),
    payloadText: payload,
    expect: expectFrom(item.expect),
  });
}

export type ReadSuite = { ok: true; draft: SuiteDraft } | { ok: false; message: string };

/** Reads a suite file's text into the editor; anything not JSON or without a `cases` list is refused, with why. */
export function fromSuiteText(text: string, fileName: string | null): ReadSuite {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `${fileName ?? 'The suite'} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return fromSuiteValue(value, fileName);
}

/** A parsed suite into the editor; anything without a `cases` list is refused, with why. */
export function fromSuiteValue(value: unknown, fileName: string | null): ReadSuite {
  if (!isPlainObject(value)) return { ok: false, message: `${fileName ?? 'The suite'} is not a JSON object with a "cases" list.` };
  if (!Array.isArray(value.cases)) return { ok: false, message: `${fileName ?? 'The suite'} has no "cases" list.` };
  const { name, data, agents, defaults, cases, ...extra } = value;
  return {
    ok: true,
    draft: {
      name: str(name),
      fileName,
      agents: Array.isArray(agents) ? agents.map(str).join('\n') : '',
      dataName: str(data),
      data: null,
      defaults: caseFrom(defaults, true),
      cases: cases.map((item) => caseFrom(item, false)),
      extra,
      dirty: false,
    },
  };
}

/** What the editor refuses before asking the host: payloads that are not a JSON object, said as the host says problems. */
export function localProblems(draft: SuiteDraft): SuiteProblem[] {
  const file = suiteFileName(draft);
  const problems: SuiteProblem[] = [];
  const payloadProblem = (item: CaseDraft, field: string, number?: number) => {
    if (item.payloadText.trim() === '') return;
    const check = checkPayload(item.payloadText);
    if (check.ok) return;
    problems.push({
      file,
      ...(number ? { case: { number, ...(item.name ? { name: item.name } : {}) } } : {}),
      field,
      message: check.message,
    });
  };
  payloadProblem(draft.defaults, 'defaults.payload');
  draft.cases.forEach((item, index) => payloadProblem(item, `cases[${index}].payload`, index + 1));
  if (draft.cases.length === 0) problems.push({ file, field: 'cases', message: 'A suite needs at least one case.' });
  return problems;
}
