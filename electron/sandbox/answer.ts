/**
 * The Sandbox's stand-in for a language model: pure, deterministic text functions.
 *
 * A real platform sends the agent's prompt, the input text and the payload to a model. The
 * Sandbox cannot, so it does the part of that job a client can observe and rely on: every
 * `{placeholder}` whose name matches a payload key is filled in, the input text is carried
 * into the answer, and nothing else varies. Tests and screenshots can therefore assert exact
 * answers. Nothing here does I/O, reads the clock or uses randomness.
 */
import type { JsonObject, JsonValue } from '../shared/api';

/**
 * How an agent reports its processing time. The platform spec says the unit format varies
 * (a short suffix or a spelled-out word), so the Sandbox deliberately uses several:
 * - `ms`: whole milliseconds, `"850ms"`
 * - `s`: seconds with one decimal, `"1.2s"`
 * - `seconds`: spelled out, `"2 seconds"`, `"1 second"`, `"0.4 seconds"`
 * - `sec`: seconds with up to two decimals and a short word, `"1.5 sec"`, `"0.35 sec"`
 */
export type DurationFormat = 'ms' | 's' | 'seconds' | 'sec';

/** How the input text is carried into an answer. */
export type InputStyle =
  /** Appended as a markdown quote, like an e-mail reply quoting the original. */
  | 'quote'
  /** Split into sentences or lines, each appended as a bullet: reads like a summary. */
  | 'bullets'
  /** Appended after the filled prompt on the same line, unchanged: an echo. */
  | 'inline';

/**
 * Placeholder syntax: a name in single curly braces. Names are identifier-like so that JSON
 * or code samples in a prompt (`{"a": 1}`, `{ }`) are not mistaken for placeholders.
 */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholder names a prompt uses, each once, in order of first appearance. */
export function placeholdersOf(prompt: string): string[] {
  const names: string[] = [];
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Fills each `{name}` from `payload[name]`. Strings go in as they are; any other JSON value
 * is JSON-encoded (so `3` becomes `3` and `{"a":1}` stays readable). A placeholder with no
 * matching key is left exactly as written, `{name}`: that is what a client would see from a
 * template engine that was given nothing for it, and it makes a forgotten key obvious.
 * Payload keys the prompt does not use are ignored.
 */
export function fillPlaceholders(prompt: string, payload: JsonObject): string {
  return prompt.replace(PLACEHOLDER, (literal, name: string) => {
    // Object.hasOwn, not `in`: a placeholder called {constructor} or {toString} must not
    // pick up Object.prototype members from a plain parsed object.
    if (!Object.hasOwn(payload, name)) return literal;
    const value: JsonValue | undefined = payload[name];
    if (value === undefined) return literal;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Sentences (or lines) of a text, trimmed, without empty ones. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\r?\n|(?<=[.!?])\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The whole answer: the filled prompt, then the input text in the agent's style. Empty (or
 * all-whitespace) input adds nothing, because the spec allows payload-only calls with `""`.
 */
export function composeAnswer(prompt: string, text: string, payload: JsonObject, style: InputStyle): string {
  const filled = fillPlaceholders(prompt, payload);
  const input = text.trim();
  // trimEnd: a prompt that ends where the input would follow ("You said: ") ends cleanly.
  if (input === '') return filled.trimEnd();
  switch (style) {
    case 'inline':
      return `${filled}${input}`;
    case 'quote':
      return `${filled}\n\n${input
        .split(/\r?\n/)
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n')}`;
    case 'bullets':
      return `${filled}\n\n${sentencesOf(input)
        .map((sentence) => `- ${sentence}`)
        .join('\n')}`;
  }
}

/**
 * Formats a processing time in milliseconds the way an agent reports it. Negative or
 * non-finite input (a clock oddity) is reported as zero rather than as nonsense.
 */
export function formatDuration(ms: number, format: DurationFormat): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  switch (format) {
    case 'ms':
      return `${Math.round(safe)}ms`;
    case 's':
      return `${(safe / 1000).toFixed(1)}s`;
    case 'seconds': {
      // One decimal, dropped when whole, and a singular unit for exactly one: "1 second".
      const seconds = Math.round(safe / 100) / 10;
      return `${String(seconds)} ${seconds === 1 ? 'second' : 'seconds'}`;
    }
    case 'sec':
      // Up to two decimals with trailing zeros dropped: "1.5 sec", "0.35 sec", "2 sec".
      return `${String(Math.round(safe / 10) / 100)} sec`;
  }
}
