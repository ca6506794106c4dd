import { PATTERN_SPECIAL_CHARACTERS } from '../../shared/answerPattern';

/**
 * Removes a secret from text we are about to show or keep (a server may echo the key back in
 * an error body, a header, the reason phrase, or a file saved from its answer). Very short
 * secrets are left alone: redacting "demo" would mangle ordinary words in answers, and a key
 * that short protects nothing anyway.
 *
 * A server rarely echoes a key exactly as sent, so every form a key commonly takes is caught,
 * as secret scanners do:
 * - raw, and percent-encoded character by character in any mix: encodeURIComponent,
 *   encodeURI, RFC 3986 strict (`!'()*~` encoded too), upper- or lowercase hex, `+` for a
 *   space (form encoding), and an encoded character that need not be (`%61` for `a`);
 * - JSON string escapes in any mix: `\uXXXX` (either case; surrogate pairs beyond the BMP),
 *   `\/`, `\"`, `\\`; and a backslash before any punctuation a pattern escapes (`sk\-…`: a
 *   data row's key put into `answerMatches`);
 * - base64, standard and base64url, with or without padding, including the key inside a
 *   longer base64 string (`Basic base64(user:key)`): the key's bytes can start at any of the
 *   three offsets of a 3-byte group, so the characters each alignment fully determines are
 *   searched for. The one or two characters at either edge that mix in neighbouring bytes
 *   stay: they carry at most 4 bits of the key each.
 * Not caught: double encodings (`%252F`), HTML entities, hex, and other transformations.
 */
export const REDACTED = '[redacted key]';
const MIN_REDACTABLE_LENGTH = 8;

/** A secret's matcher, built once per exchange and used on every text that leaves it. */
export interface Redactor {
  /** `text` with every occurrence of the secret, in every form above, replaced by REDACTED. */
  redact(text: string): string;
  /**
   * Redacts the part of `text` before `cut`, extended to the end of an occurrence that
   * straddles `cut` (which is then wholly redacted), so cutting a long body never leaves
   * the start of a key behind. `text` must run at least `maxMatchLength` past `cut` for this
   * to see such an occurrence whole.
   */
  redactPrefix(text: string, cut: number): string;
  /** As redactPrefix, also saying how much of `text` the result covers (`cut` or more). */
  redactUpTo(text: string, cut: number): { out: string; consumed: number };
  /** The longest text one occurrence can span: how much to keep back across chunk boundaries. */
  readonly maxMatchLength: number;
}

/** Text in which each character is one byte (latin1), for bodies streamed to a file. */
export type TextDomain = 'text' | 'bytes';

const NO_REDACTION: Redactor = {
  redact: (text) => text,
  redactPrefix: (text, cut) => text.slice(0, cut),
  redactUpTo: (text, cut) => ({ out: text.slice(0, cut), consumed: cut }),
  maxMatchLength: 0,
};

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** A hex digit matched in either case. */
function hexDigit(digit: string): string {
  return /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit;
}

function hexPattern(value: number, width: number): string {
  return [...value.toString(16).padStart(width, '0')].map(hexDigit).join('');
}

/** The ways one character of the key may appear, as a regex group, and the longest and shortest of them. */
function characterForms(char: string, domain: TextDomain): { pattern: string; longest: number; shortest: number } {
  const utf8 = Buffer.from(char, 'utf8');
  const units = [...Array(char.length).keys()].map((i) => char.charCodeAt(i));
  const raw = domain === 'bytes' ? utf8.toString('latin1') : char;
  const alternatives = [
    { pattern: [...utf8].map((byte) => `%${hexPattern(byte, 2)}`).join(''), length: utf8.length * 3 },
    { pattern: units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(''), length: units.length * 6 },
    { pattern: escapeRegExp(raw), length: raw.length },
  ];
  if (char === ' ') alternatives.push({ pattern: '\\+', length: 1 });
  // A backslash before the character: a JSON escape (`\/`, `\"`, `\\`), or the key escaped into
  // an answerMatches pattern (`sk\-…`, shared/answerPattern.ts).
  if (char === '"' || PATTERN_SPECIAL_CHARACTERS.includes(char)) alternatives.push({ pattern: `\\\\${escapeRegExp(char)}`, length: 2 });
  const lengths = alternatives.map((a) => a.length);
  return { pattern: `(?:${alternatives.map((a) => a.pattern).join('|')})`, longest: Math.max(...lengths), shortest: Math.min(...lengths) };
}

/**
 * The base64 forms of the key, as regex alternatives, longest first: for each of the three
 * alignments, the characters the key's bytes fully determine, first with the last character
 * and padding it has when the key ends the encoded data (the usual case), then without.
 */
function base64Forms(secret: string): { pattern: string; length: number; shortest: number }[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Map<string, { length: number; shortest: number }>();
  /** `text` is the longest a pattern matches, `shortest` its length without the optional padding. */
  const add = (text: string, pattern: string, shortest: number) => {
    const known = forms.get(pattern);
    forms.set(pattern, { length: Math.max(known?.length ?? 0, text.length), shortest: Math.min(known?.shortest ?? Infinity, shortest) });
  };
  for (let offset = 0; offset < 3; offset += 1) {
    const start = Math.ceil((offset * 8) / 6);
    for (const url of [false, true]) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(url ? 'base64url' : 'base64');
      const ending = encoded.replace(/=+$/, '').slice(start);
      add(`${ending}==`, `${escapeRegExp(ending)}(?:==?)?`, ending.length);
      const core = encoded.slice(start, Math.floor(((offset + bytes.length) * 8) / 6));
      add(core, escapeRegExp(core), core.length);
    }
  }
  return [...forms].map(([pattern, { length, shortest }]) => ({ pattern, length, shortest })).sort((a, b) => b.length - a.length);
}

/**
 * Builds the matcher for `secret`. `domain` says what the texts to redact hold: decoded
 * text (the default), or bytes as latin1 characters (a body streamed to a file, where the key
 * appears as its UTF-8 bytes).
 */
export function createRedactor(secret: string | null | undefined, domain: TextDomain = 'text'): Redactor {
  if (!secret || secret.length < MIN_REDACTABLE_LENGTH) return NO_REDACTION;
  // Building the matcher costs more than a loopback exchange (a run of 1000 invokes spent most
  // of its CPU here), and every exchange builds three; a redactor holds no state between calls,
  // so the last few are kept. Only a handful of keys, which the caller holds in memory anyway.
  // An ASCII key's UTF-8 bytes read as latin1 are the key itself: both domains build the same
  // pattern, so they share one redactor (and a caller can tell that the two are one).
  const recent = RECENT_REDACTORS[domain === 'bytes' && !NON_ASCII.test(secret) ? 'text' : domain];
  const known = recent.get(secret);
  if (known) return known;
  const built = buildRedactor(secret, domain);
  if (recent.size >= RECENT_REDACTORS_MAX) recent.delete(recent.keys().next().value!);
  recent.set(secret, built);
  return built;
}

/** Keyed by the secret itself (no key text built per lookup: a run looks one up three times per exchange). */
const RECENT_REDACTORS: Record<TextDomain, Map<string, Redactor>> = { text: new Map(), bytes: new Map() };
const RECENT_REDACTORS_MAX = 4;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * For text Node reads as latin1 (the status line, header names and values): the key redacted as
 * decoded text, then as UTF-8 bytes (a key echoed in UTF-8 arrives one character per byte). For
 * an ASCII key the two are one redactor, and a text it left unchanged is not searched again.
 */
export function createHeadRedactor(secret: string | null | undefined): Pick<Redactor, 'redact'> {
  const text = createRedactor(secret);
  const bytes = createRedactor(secret, 'bytes');
  if (text === NO_REDACTION) return NO_REDACTION;
  return {
    redact(value) {
      const once = text.redact(value);
      return bytes === text && once === value ? value : bytes.redact(once);
    },
  };
}

function buildRedactor(secret: string, domain: TextDomain): Redactor {
  const characters = [...secret].map((char) => characterForms(char, domain));
  const base64 = base64Forms(secret);
  const alternatives = [characters.map((c) => c.pattern).join(''), ...base64.map((form) => form.pattern)];
  const maxMatchLength = Math.max(
    characters.reduce((sum, c) => sum + c.longest, 0),
    ...base64.map((form) => form.length),
  );
  const pattern = new RegExp(alternatives.join('|'), 'g');
  // No occurrence is shorter than this: a shorter text (most header names, object keys, status
  // words: a run redacts about a hundred per exchange) is returned without running the pattern.
  const minMatchLength = Math.min(
    characters.reduce((sum, c) => sum + c.shortest, 0),
    ...base64.map((form) => form.shortest),
  );

  function redactUpTo(text: string, cut: number): { out: string; consumed: number } {
    let out = '';
    let position = 0;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null && match.index < cut; match = pattern.exec(text)) {
      out += text.slice(position, match.index) + REDACTED;
      position = match.index + match[0].length;
    }
    pattern.lastIndex = 0;
    const consumed = Math.max(position, cut);
    return { out: out + text.slice(position, consumed), consumed };
  }

  return {
    maxMatchLength,
    redact: (text) => (text.length < minMatchLength ? text : text.replace(pattern, REDACTED)),
    redactPrefix: (text, cut) => redactUpTo(text, cut).out,
    redactUpTo,
  };
}

/** One-off redaction of `text` (see createRedactor). */
export function redactSecret(text: string, secret: string | null | undefined): string {
  return createRedactor(secret).redact(text);
}

/**
 * Every string in `value` (and every object key), redacted: applied to everything the
 * client returns, so no field that crosses to the page (reason phrase, header, URL, body,
 * message) can be missed, now or when a field is added.
 *
 * An array or object with nothing to redact in it comes back as it is, not copied (the
 * usual case: copying every exchange whole was a run's largest cost after the network);
 * one with something to redact is a new plain object or array, and `value` is left as it was.
 */
export function redactDeep<T>(value: T, redactor: Pick<Redactor, 'redact'>): T {
  if (redactor === NO_REDACTION) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redactor.redact(item);
    if (item === null || typeof item !== 'object') return item;
    if (Array.isArray(item)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < item.length; i += 1) {
        const inner: unknown = item[i];
        const redacted = walk(inner);
        if (redacted !== inner) (copy ??= item.slice())[i] = redacted;
      }
      return copy ?? item;
    }
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record);
    // Each key and value is redacted once; the entries are kept only from the first change on
    // (the ones before it are unchanged, so they are taken as they are).
    let entries: Array<[string, unknown]> | null = null;
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i]!;
      const inner = record[key];
      const redactedKey = redactor.redact(key);
      const redacted = walk(inner);
      if (entries === null && (redactedKey !== key || redacted !== inner)) entries = keys.slice(0, i).map((kept) => [kept, record[kept]]);
      entries?.push([redactedKey, redacted]);
    }
    // Object.fromEntries defines each key as an own property, "__proto__" included.
    return entries === null ? item : Object.fromEntries(entries);
  };
  return walk(value) as T;
}

/**
 * Redacts a stream of byte chunks as they pass (for a body saved to a file), keeping back
 * just enough at the end of each chunk that a key split across chunks is still caught.
 */
export function createStreamRedactor(secret: string | null | undefined): {
  push(chunk: Uint8Array): Buffer;
  /** The held-back rest; `complete` false when the body was cut, so a key's start at the end is dropped too. */
  end(complete: boolean): Buffer;
} {
  const redactor = createRedactor(secret, 'bytes');
  const hold = Math.max(0, redactor.maxMatchLength - 1);
  let carry = '';
  return {
    push(chunk) {
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      const { out, consumed } = redactor.redactUpTo(text, Math.max(0, text.length - hold));
      carry = text.slice(consumed);
      return Buffer.from(out, 'latin1');
    },
    end(complete) {
      const rest = redactor.redact(carry);
      carry = '';
      if (complete || hold === 0) return Buffer.from(rest, 'latin1');
      return Buffer.from(dropKeyStart(rest, secret ?? ''), 'latin1');
    },
  };
}

/** A cut body may end in the first characters of the key: drop that raw start too. */
function dropKeyStart(text: string, secret: string): string {
  const raw = Buffer.from(secret, 'utf8').toString('latin1');
  for (let length = Math.min(raw.length - 1, text.length); length >= 4; length -= 1) {
    if (text.endsWith(raw.slice(0, length))) return text.slice(0, text.length - length) + REDACTED;
  }
  return text;
}
