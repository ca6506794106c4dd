import type { InvokeRequest, JsonValue, KeyPresentation, ProfileSummary } from '../../../electron/shared/api';
import { jsString, pythonLiteral, pythonString, shellQuote, shellWithVariable } from '../../lib/quoting';

/**
 * The invoke request as code a person can run elsewhere: cURL, JavaScript fetch, Python
 * requests. Pure functions of the request and the profile, so they are unit-tested on tricky
 * text and every key presentation.
 *
 * The key is never in the code, and could not be: the renderer never has it. Each snippet
 * reads it from the environment variable AGENT_EXPLORER_API_KEY, the same one the
 * Environment profile uses, so a copied snippet works once that variable is set.
 */

/** The environment variable every snippet reads the key from. */
export const KEY_VARIABLE = 'AGENT_EXPLORER_API_KEY';

/** What a snippet is built from: the profile's connection settings and the request as sent. */
export interface SnippetInput {
  profile: Pick<ProfileSummary, 'baseUrl' | 'auth' | 'timeoutMs' | 'tls'>;
  request: Pick<InvokeRequest, 'agentId' | 'text' | 'payload'>;
  /** The body exactly as sent, when known; otherwise it is rebuilt from `request`. */
  bodyAsSent?: string | null;
}

/** The invoke URL, with the agent id percent-encoded into one path segment (as the host does). */
export function invokeUrl(baseUrl: string, agentId: string): string {
  const path = `api/agent/${encodeURIComponent(agentId.trim())}/invoke/`;
  try {
    return new URL(path, baseUrl.replace(/\/*$/, '/')).href;
  } catch {
    return `${baseUrl.replace(/\/*$/, '/')}${path}`;
  }
}

/** The header that carries the key, and the text before the key in its value; null for a query parameter. */
function keyHeader(auth: KeyPresentation): { name: string; prefix: string } | null {
  switch (auth.kind) {
    case 'bearer':
      return { name: 'Authorization', prefix: 'Bearer ' };
    case 'scheme':
      return { name: 'Authorization', prefix: `${auth.scheme} ` };
    case 'header':
      return { name: auth.header, prefix: '' };
    case 'query':
      return null;
  }
}

/**
 * The key's header as an entry of a JavaScript object or a Python dict, `"Name": "Prefix " + key,`,
 * with the language's string quoting; null for a query parameter.
 */
function keyHeaderEntry(auth: KeyPresentation, keyExpression: string, quote: (text: string) => string): string | null {
  const header = keyHeader(auth);
  if (!header) return null;
  const value = header.prefix === '' ? keyExpression : `${quote(header.prefix)} + ${keyExpression}`;
  return `${quote(header.name)}: ${value},`;
}

function bodyText(input: SnippetInput): string {
  return input.bodyAsSent ?? JSON.stringify({ text: input.request.text, payload: input.request.payload });
}

function bodyValue(input: SnippetInput): JsonValue {
  try {
    return JSON.parse(bodyText(input)) as JsonValue;
  } catch {
    return { text: input.request.text, payload: input.request.payload };
  }
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(3));

/** cURL for a POSIX shell (bash, zsh). The body is passed exactly as sent, with --data-raw (no `@file` magic). */
export function curlSnippet(input: SnippetInput): string {
  const { profile, request } = input;
  const url = invokeUrl(profile.baseUrl, request.agentId);
  const header = keyHeader(profile.auth);
  const comment = profile.auth.kind === 'query' ? '# --url-query needs curl 7.87 or later; it URL-encodes the key.\n' : '';
  // curl reads [] and {} in a URL as globs (e.g. an IPv6 host); -g turns that off.
  const lines = [`curl${/[[\]{}]/.test(url) ? ' -g' : ''} ${shellQuote(url)}`];
  if (profile.auth.kind === 'query') lines.push(`  --url-query ${shellWithVariable(`${profile.auth.param}=`, KEY_VARIABLE)}`);
  lines.push(`  -H ${shellQuote('Accept: application/json')}`);
  lines.push(`  -H ${shellQuote('Content-Type: application/json')}`);
  if (header) lines.push(`  -H ${shellWithVariable(`${header.name}: ${header.prefix}`, KEY_VARIABLE)}`);
  lines.push(`  --max-time ${seconds(profile.timeoutMs)}`);
  if (!profile.tls.verify) lines.push('  --insecure');
  else if (profile.tls.caFile) lines.push(`  --cacert ${shellQuote(profile.tls.caFile)}`);
  lines.push(`  --data-raw ${shellQuote(bodyText(input))}`);
  return `${comment}${lines.join(' \\\n')}\n`;
}

/** True when a JSON object literal would not mean what the JSON means (`__proto__` sets the prototype). */
function hasProtoKey(value: JsonValue): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  return Object.entries(value).some(([key, item]) => key === '__proto__' || hasProtoKey(item));
}

/** Pretty JSON read as a JavaScript expression, indented to sit under `body:`. */
function jsBody(input: SnippetInput): string {
  const value = bodyValue(input);
  // JSON is a JavaScript expression, except that "__proto__" in an object literal sets the
  // prototype instead of a key: then the exact text is sent as a string instead.
  if (hasProtoKey(value)) return jsString(bodyText(input));
  return `JSON.stringify(${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')})`;
}

/** JavaScript for Node 18+ (an ES module: top-level await) or a browser console. */
export function fetchSnippet(input: SnippetInput): string {
  const { profile, request } = input;
  const url = invokeUrl(profile.baseUrl, request.agentId);
  const keyExpression = `process.env.${KEY_VARIABLE}`;
  const keyEntry = keyHeaderEntry(profile.auth, keyExpression, jsString);
  const lines: string[] = [];
  if (!profile.tls.verify) lines.push('// This profile skips certificate checks; fetch cannot, per request.');
  else if (profile.tls.caFile) lines.push(`// Extra CA: run with NODE_EXTRA_CA_CERTS=${profile.tls.caFile}`);
  if (profile.auth.kind === 'query') {
    lines.push(`const url = new URL(${jsString(url)});`);
    lines.push(`url.searchParams.set(${jsString(profile.auth.param)}, ${keyExpression});`);
  }
  lines.push(`const response = await fetch(${profile.auth.kind === 'query' ? 'url' : jsString(url)}, {`);
  lines.push(`  method: "POST",`);
  lines.push('  headers: {');
  lines.push('    "Accept": "application/json",');
  lines.push('    "Content-Type": "application/json",');
  if (keyEntry) lines.push(`    ${keyEntry}`);
  lines.push('  },');
  lines.push(`  body: ${jsBody(input)},`);
  lines.push(`  signal: AbortSignal.timeout(${profile.timeoutMs}),`);
  lines.push('});');
  lines.push('console.log(response.status, await response.json());');
  return `${lines.join('\n')}\n`;
}

/**
 * Python with requests. The body goes as `json=`, a dict literal: the same JSON value as
 * sent (requests spaces and escapes it its own way, which JSON readers do not distinguish).
 */
export function pythonSnippet(input: SnippetInput): string {
  const { profile, request } = input;
  const url = invokeUrl(profile.baseUrl, request.agentId);
  const keyExpression = `os.environ[${pythonString(KEY_VARIABLE)}]`;
  const keyEntry = keyHeaderEntry(profile.auth, keyExpression, pythonString);
  const lines = ['import os', '', 'import requests', '', 'response = requests.post(', `    ${pythonString(url)},`];
  lines.push('    headers={');
  lines.push('        "Accept": "application/json",');
  if (keyEntry) lines.push(`        ${keyEntry}`);
  lines.push('    },');
  if (profile.auth.kind === 'query') lines.push(`    params={${pythonString(profile.auth.param)}: ${keyExpression}},`);
  lines.push(`    json=${pythonLiteral(bodyValue(input), '    ')},`);
  lines.push(`    timeout=${seconds(profile.timeoutMs)},`);
  if (!profile.tls.verify) lines.push('    verify=False,');
  else if (profile.tls.caFile) lines.push(`    verify=${pythonString(profile.tls.caFile)},`);
  lines.push(')');
  lines.push('print(response.status_code, response.json())');
  return `${lines.join('\n')}\n`;
}

/** The languages offered, in order, with what each is called on screen. */
export const SNIPPET_LANGUAGES = [
  { id: 'curl', label: 'cURL', build: curlSnippet },
  { id: 'fetch', label: 'JavaScript fetch', build: fetchSnippet },
  { id: 'python', label: 'Python requests', build: pythonSnippet },
] as const;

/** One of the offered languages: `curl`, `fetch` or `python`. */
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['id'];
