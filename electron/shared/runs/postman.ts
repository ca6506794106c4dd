import type { JsonObject } from '../api';
import { isJsonValue, isPlainObject, type Fields } from '../check';
import type { Expectations, Suite, SuiteCase } from './suiteTypes';

/**
 * A Postman collection (format v2.1, what Postman 10 and later export) turned into a suite: each
 * request to the invoke endpoint becomes a case (the agent id from its URL, text and payload from
 * its JSON body), `{{variables}}` stay as they are (the suite's data-row syntax is the same, so
 * they become data columns), and the simple tests people write become expectations:
 * `pm.response.to.have.status(N)`, `pm.expect(<the answer or the body's text>).to.include(X)` and
 * `.to.not.include(X)`, `pm.expect(json).to.have.property('token')`,
 * `pm.expect(pm.response.responseTime).to.be.below(N)`. Whatever is not understood
 * is listed (request by request, line by line), never dropped silently. Pure: the command line
 * reads the file, the page reads it in the Runs section; both call this.
 */

interface PostmanImport {
  suite: Suite;
  /** What was not converted, one line each, naming the request: `"Checkout": test line pm.…`. */
  notes: string[];
  /** The `{{variables}}` the cases use: the data file's columns they need. */
  columns: string[];
}

export type PostmanResult = { ok: true; value: PostmanImport } | { ok: false; message: string };

/** Whether a parsed JSON file is a Postman collection (v2.0 or v2.1), by its `info.schema`. */
export function isPostmanCollection(raw: unknown): boolean {
  return (
    isPlainObject(raw) &&
    isPlainObject(raw['info']) &&
    /schema\.getpostman\.com\/json\/collection\//.test(String(raw['info']['schema'] ?? ''))
  );
}

const INVOKE_PATH = /^\/?api\/agent\/([^/]+)\/invoke\/?$/;
const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** The most requests one collection may hold (folders included): a larger file is not a test collection. */
const MAX_ITEMS = 10_000;

/** A string literal of a test line: '…', "…" or a template without ${} (the backtick is code 96, kept out of the app's strings). */
const TICK = String.fromCharCode(96);
const LITERAL = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|` + `${TICK}([^${TICK}$\\\\]*)${TICK})`;
/** Where a test reads a value the suite substitutes from the data row. */
const ROW_VALUE = String.raw`(?:pm\.(?:iterationData|variables|collectionVariables|environment)\.get\(\s*${LITERAL}\s*\)|data\.([A-Za-z_$][\w$]*))`;
/** What a test line checks the answer of: the body's text, or its `answer` field. */
const ANSWER = String.raw`(?:pm\.response\.text\(\)|pm\.response\.json\(\)\.answer|(?:jsonData|json|body|data|response|res)\.answer)`;
const INCLUDE = new RegExp(
  String.raw`^pm\.expect\(\s*${ANSWER}\s*\)\.to\.(not\.)?(?:include|contain|have\.string)\(\s*(?:${LITERAL}|${ROW_VALUE})\s*\)\s*;?$`,
);
const STATUS = [
  /^pm\.response\.to\.have\.status\(\s*(\d{3})\s*\)\s*;?$/,
  /^pm\.expect\(\s*pm\.response\.(?:code|status)\s*\)\.to\.(?:eql|equal|eq|be\.equal|equals)\(\s*(\d{3})\s*\)\s*;?$/,
];
const ROUND_TRIP = /^pm\.expect\(\s*pm\.response\.responseTime\s*\)\.to\.be\.(?:below|lessThan|lt)\(\s*(\d+)\s*\)\s*;?$/;
const TOKEN_PRESENT =
  /^pm\.expect\(\s*(?:pm\.response\.json\(\)|jsonData|json|body|data|response|res)\s*\)\.to\.have\.(?:property|key|keys)\(\s*['"]token['"]\s*\)\s*;?$/;
/** Lines that only frame the checks: `pm.test("…", function () {`, `});`, the body read into a variable, comments. */
const FRAME = [
  /^pm\.test\(\s*(['"`]).*\1\s*,\s*(?:function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{\s*$/,
  /^\}\s*\)\s*;?$/,
  /^(?:var|let|const)\s+(?:jsonData|json|body|data|response|res)\s*=\s*(?:pm\.response\.json\(\)|JSON\.parse\(\s*responseBody\s*\))\s*;?$/,
  /^\/\//,
  /^$/,
];

interface Context {
  notes: string[];
  columns: Set<string>;
  variables: Map<string, string>;
  cases: SuiteCase[];
  items: number;
}

/** The collection's own `variable` list, name to value (values of other types are left out). */
function variablesOf(raw: Fields): Map<string, string> {
  const variables = new Map<string, string>();
  for (const entry of Array.isArray(raw['variable']) ? raw['variable'] : []) {
    if (isPlainObject(entry) && typeof entry['key'] === 'string' && typeof entry['value'] === 'string')
      variables.set(entry['key'], entry['value']);
  }
  return variables;
}

/** The text of a Postman string field that may be a string or a `{ content }`/list form. */
function scriptLines(exec: unknown): string[] {
  if (typeof exec === 'string') return exec.split(/\r?\n/);
  return Array.isArray(exec) ? exec.flatMap((line) => (typeof line === 'string' ? line.split(/\r?\n/) : [])) : [];
}

/** The path of a request's URL, without the scheme, host and query (`{{baseUrl}}/api/…` → `api/…`). */
function urlPath(url: unknown): string | null {
  if (typeof url === 'string')
    return url
      .replace(/^[^/]*\/\/[^/]*/, '')
      .replace(/^\{\{[^}]*\}\}/, '')
      .replace(/[?#].*$/, '');
  if (!isPlainObject(url)) return null;
  if (Array.isArray(url['path'])) return url['path'].map((part) => (typeof part === 'string' ? part : '')).join('/');
  return typeof url['raw'] === 'string' ? urlPath(url['raw']) : null;
}

/** The `{{names}}` a value uses, added to the columns. */
function collectColumns(value: unknown, columns: Set<string>): void {
  if (typeof value === 'string') for (const match of value.matchAll(VARIABLE)) columns.add(match[1]!);
  else if (Array.isArray(value)) value.forEach((item) => collectColumns(item, columns));
  else if (isPlainObject(value)) Object.values(value).forEach((item) => collectColumns(item, columns));
}

function unescapeLiteral(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t', r: '\r' })[char] ?? char);
}

/** Reads a request's test script into expectations; lines not understood are noted. */
function readTests(lines: string[], name: string, context: Context): Expectations {
  const expect: Expectations = {};
  const add = (key: 'answerContains' | 'answerNotContains', text: string) => {
    const earlier = expect[key];
    expect[key] = earlier === undefined ? text : [...(Array.isArray(earlier) ? earlier : [earlier]), text];
  };
  for (const raw of lines) {
    const line = raw.trim();
    const status = STATUS.map((pattern) => pattern.exec(line)).find((match) => match !== null);
    const include = INCLUDE.exec(line);
    if (status) expect.status = Number(status[1]);
    else if (include) {
      const [, not, single, double, backtick, getSingle, getDouble, getBacktick, dataField] = include;
      const literal = single ?? double ?? backtick;
      const column = getSingle ?? getDouble ?? getBacktick ?? dataField;
      let text: string;
      if (literal !== undefined) text = unescapeLiteral(literal);
      else {
        text = `{{${column!}}}`;
        context.columns.add(column!);
      }
      add(not ? 'answerNotContains' : 'answerContains', text);
    } else if (TOKEN_PRESENT.test(line)) expect.token = 'present';
    else if (ROUND_TRIP.test(line)) expect.maxRoundTripMs = Number(ROUND_TRIP.exec(line)![1]);
    else if (!FRAME.some((pattern) => pattern.test(line))) context.notes.push(`"${name}": test line ${line.slice(0, 200)}`);
  }
  return expect;
}

/** One request: a case, or notes saying why not. */
function readRequest(item: Fields, name: string, context: Context): void {
  const request = typeof item['request'] === 'string' ? { method: 'GET', url: item['request'] } : item['request'];
  if (!isPlainObject(request)) {
    context.notes.push(`"${name}": it holds no request`);
    return;
  }
  const path = urlPath(request['url']);
  const match = path === null ? null : INVOKE_PATH.exec(path.replace(/^\/+/, ''));
  const method = typeof request['method'] === 'string' ? request['method'].toUpperCase() : 'GET';
  if (!match || method !== 'POST') {
    context.notes.push(`"${name}": ${method} ${path ?? '(no URL)'} is not an agent invoke (POST /api/agent/{id}/invoke/)`);
    return;
  }
  let agent = decodeURIComponent(match[1]!);
  const variable = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(agent);
  if (variable) {
    const value = context.variables.get(variable[1]!);
    if (value === undefined || value === '') {
      context.notes.push(`"${name}": the agent id is the variable {{${variable[1]!}}}, which the collection gives no value`);
      return;
    }
    agent = value;
  }
  const body = request['body'];
  let text: string | undefined;
  let payload: JsonObject | undefined;
  if (isPlainObject(body) && body['mode'] === 'raw' && typeof body['raw'] === 'string' && body['raw'].trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body['raw']);
    } catch {
      context.notes.push(`"${name}": its body is not JSON (a {{variable}} outside quotes?)`);
      return;
    }
    if (!isPlainObject(parsed) || !isJsonValue(parsed)) {
      context.notes.push(`"${name}": its body is not a JSON object`);
      return;
    }
    if (parsed['text'] !== undefined) {
      if (typeof parsed['text'] !== 'string') context.notes.push(`"${name}": its "text" is not a string`);
      else text = parsed['text'];
    }
    if (parsed['payload'] !== undefined) {
      if (!isPlainObject(parsed['payload'])) context.notes.push(`"${name}": its "payload" is not an object`);
      else payload = parsed['payload'] as JsonObject;
    }
    const other = Object.keys(parsed).filter((key) => key !== 'text' && key !== 'payload');
    if (other.length > 0) context.notes.push(`"${name}": body fields other than text and payload: ${other.join(', ')}`);
  } else if (body !== undefined && !(isPlainObject(body) && body['mode'] === 'raw')) {
    context.notes.push(
      `"${name}": a body in ${isPlainObject(body) ? String(body['mode']) : 'an unknown'} mode (a raw JSON body is converted)`,
    );
  }
  collectColumns(text, context.columns);
  collectColumns(payload, context.columns);
  for (const header of Array.isArray(request['header']) ? request['header'] : []) {
    if (!isPlainObject(header) || header['disabled'] === true) continue;
    const key = String(header['key'] ?? '').toLowerCase();
    if (key === 'content-type' || key === 'accept') continue;
    context.notes.push(
      key === 'authorization' || key.includes('key')
        ? `"${name}": header ${String(header['key'])}: the key comes from the profile or AGENT_EXPLORER_API_KEY, never from a suite`
        : `"${name}": header ${String(header['key'])}: suites send the contract's headers only`,
    );
  }
  if (request['auth'] !== undefined) context.notes.push(`"${name}": its auth: the key comes from the profile or AGENT_EXPLORER_API_KEY`);
  let expect: Expectations = {};
  for (const event of Array.isArray(item['event']) ? item['event'] : []) {
    if (!isPlainObject(event) || !isPlainObject(event['script'])) continue;
    const lines = scriptLines(event['script']['exec']);
    if (event['listen'] === 'test') expect = { ...expect, ...readTests(lines, name, context) };
    else if (lines.some((line) => line.trim() !== ''))
      context.notes.push(`"${name}": its ${String(event['listen'])} script (suites have no scripts)`);
  }
  const entry: SuiteCase = { name, agent };
  if (text !== undefined) entry.text = text;
  if (payload !== undefined) entry.payload = payload;
  if (Object.keys(expect).length > 0) entry.expect = expect;
  context.cases.push(entry);
}

function readItems(items: unknown, prefix: string, context: Context): void {
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (++context.items > MAX_ITEMS) return;
    if (!isPlainObject(item)) continue;
    const name = `${prefix}${typeof item['name'] === 'string' && item['name'].trim() !== '' ? item['name'].trim() : `request ${context.items}`}`;
    if (Array.isArray(item['item'])) readItems(item['item'], `${name} / `, context);
    else readRequest(item, name, context);
  }
}

/** Turns a parsed Postman collection into a suite (see above). */
export function importPostmanCollection(raw: unknown): PostmanResult {
  if (!isPostmanCollection(raw)) {
    return { ok: false, message: 'this is not a Postman collection (its info.schema names no schema.getpostman.com collection format)' };
  }
  const collection = raw as Fields;
  const context: Context = { notes: [], columns: new Set(), variables: variablesOf(collection), cases: [], items: 0 };
  readItems(collection['item'], '', context);
  if (context.items > MAX_ITEMS)
    return { ok: false, message: `the collection holds more than ${MAX_ITEMS.toLocaleString('en-US')} requests` };
  for (const event of Array.isArray(collection['event']) ? collection['event'] : []) {
    if (isPlainObject(event) && isPlainObject(event['script']) && scriptLines(event['script']['exec']).some((line) => line.trim() !== ''))
      context.notes.push(`the collection's ${String(event['listen'])} script (suites have no scripts)`);
  }
  if (collection['auth'] !== undefined)
    context.notes.push("the collection's auth: the key comes from the profile or AGENT_EXPLORER_API_KEY");
  if (context.cases.length === 0) {
    return {
      ok: false,
      message: `no request in the collection invokes an agent (POST …/api/agent/{id}/invoke/)${context.notes.length > 0 ? `: ${context.notes[0]!}` : ''}`,
    };
  }
  const info = collection['info'] as Fields;
  const suite: Suite = { ...(typeof info['name'] === 'string' ? { name: info['name'] } : {}), cases: context.cases };
  return { ok: true, value: { suite, notes: context.notes, columns: [...context.columns] } };
}
