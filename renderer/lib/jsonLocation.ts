/**
 * A tiny JSON scanner that says *where* a text stops being JSON.
 *
 * Why not read `JSON.parse`'s error? Its message wording and whether it carries a position
 * differ between V8 versions (and Electron pins one, browsers another), so the renderer would
 * show different errors in each host. This scanner follows RFC 8259 exactly, never builds a
 * value (JSON.parse does that once the text is known to be good), and is iterative so deeply
 * nested input cannot overflow the stack.
 */

/** Where in a text something is: 1-based line and column (columns count code points). */
export interface TextPosition {
  line: number;
  column: number;
}

/** The first problem found in a text that is not JSON. */
export interface JsonProblem extends TextPosition {
  /** Offset in UTF-16 code units, for placing a caret in a textarea. */
  offset: number;
  /** A short lower-case phrase, e.g. "expected ',' or '}' but found '\"'". */
  reason: string;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;
const LITERALS = new Set(['true', 'false', 'null']);

/** Converts a code-unit offset into a 1-based line and column; \n, \r\n and \r all end a line. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  // Count code points, not UTF-16 units, so an emoji earlier on the line counts as one column.
  const column = [...text.slice(lineStart, offset)].length + 1;
  return { line, column };
}

/** Names a character for a message: printable ones quoted, others as U+XXXX. */
function describe(text: string, offset: number): string {
  const code = text.codePointAt(offset);
  if (code === undefined) return 'the end of the input';
  if (code < 0x20 || code === 0x7f || code === 0xfeff || (code >= 0x2028 && code <= 0x2029)) {
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${String.fromCodePoint(code)}'`;
}

/**
 * Returns null when `text` is one valid JSON value (surrounding whitespace allowed), else the
 * first problem with its line and column.
 */
export function findJsonProblem(text: string): JsonProblem | null {
  const failure = scan(text);
  if (!failure) return null;
  return { ...failure, ...positionAt(text, failure.offset) };
}

function scan(text: string): { offset: number; reason: string } | null {
  const stack: ('{' | '[')[] = [];
  let i = 0;
  let expect: Expect = 'value';
  const fail = (offset: number, reason: string) => ({ offset, reason });
  const afterValue = (): Expect => (stack.length > 0 ? 'commaOrClose' : 'end');

  for (;;) {
    while (i < text.length && WHITESPACE.has(text[i] ?? '')) i++;
    if (i >= text.length) {
      if (expect === 'end') return null;
      if (stack.length > 0) return fail(i, `unexpected end of input: '${stack.at(-1) === '{' ? '}' : ']'}' is missing`);
      return fail(i, 'expected a value but found the end of the input');
    }
    const ch = text[i] ?? '';
    switch (expect) {
      case 'value':
      case 'valueOrClose': {
        if (ch === ']') {
          if (expect === 'valueOrClose') {
            stack.pop();
            i++;
            expect = afterValue();
            continue;
          }
          if (stack.at(-1) === '[') return fail(i, "trailing comma before ']' is not allowed");
        }
        if (ch === '{' || ch === '[') {
          stack.push(ch);
          i++;
          expect = ch === '{' ? 'keyOrClose' : 'valueOrClose';
          continue;
        }
        const problem = ch === '"' ? scanString(text, i) : ch === '-' || isDigit(ch) ? scanNumber(text, i) : scanLiteral(text, i);
        if ('reason' in problem) return problem;
        i = problem.end;
        expect = afterValue();
        continue;
      }
      case 'key':
      case 'keyOrClose': {
        if (ch === '}') {
          if (expect === 'key') return fail(i, "trailing comma before '}' is not allowed");
          stack.pop();
          i++;
          expect = afterValue();
          continue;
        }
        if (ch !== '"') {
          const hint =
            ch === "'" ? 'property names need double quotes' : `expected a property name in double quotes but found ${describe(text, i)}`;
          return fail(i, hint);
        }
        const key = scanString(text, i);
        if ('reason' in key) return key;
        i = key.end;
        expect = 'colon';
        continue;
      }
      case 'colon':
        if (ch !== ':') return fail(i, `expected ':' after the property name but found ${describe(text, i)}`);
        i++;
        expect = 'value';
        continue;
      case 'commaOrClose': {
        const top = stack.at(-1);
        const closer = top === '{' ? '}' : ']';
        if (ch === ',') {
          i++;
          expect = top === '{' ? 'key' : 'value';
          continue;
        }
        if (ch === closer) {
          stack.pop();
          i++;
          expect = afterValue();
          continue;
        }
        return fail(i, `expected ',' or '${closer}' but found ${describe(text, i)}`);
      }
      case 'end':
        return fail(i, `unexpected ${describe(text, i)} after the end of the JSON value`);
    }
  }
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

type Scanned = { end: number } | { offset: number; reason: string };

function scanString(text: string, start: number): Scanned {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '"') return { end: i + 1 };
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === 'u') {
        if (!HEX.test(text.slice(i + 2, i + 6))) return { offset: i, reason: "'\\u' must be followed by four hex digits" };
        i += 6;
        continue;
      }
      if (next === undefined || !SIMPLE_ESCAPES.has(next)) {
        return { offset: i, reason: `invalid escape '\\${next ?? ''}' in a string` };
      }
      i += 2;
      continue;
    }
    if (ch < ' ') return { offset: i, reason: `${describe(text, i)} must be escaped inside a string (for a line break use \\n)` };
    i++;
  }
  return { offset: start, reason: "this string is never closed (missing '\"')" };
}

function scanNumber(text: string, start: number): Scanned {
  let i = start;
  if (text[i] === '-') i++;
  if (text[i] === '0') {
    i++;
    if (isDigit(text[i])) return { offset: start, reason: 'numbers must not have leading zeros' };
  } else if (isDigit(text[i])) {
    while (isDigit(text[i])) i++;
  } else {
    return { offset: i, reason: `expected a digit after '-' but found ${describe(text, i)}` };
  }
  if (text[i] === '.') {
    i++;
    if (!isDigit(text[i])) return { offset: i, reason: `expected a digit after '.' but found ${describe(text, i)}` };
    while (isDigit(text[i])) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (!isDigit(text[i])) return { offset: i, reason: `expected a digit in the exponent but found ${describe(text, i)}` };
    while (isDigit(text[i])) i++;
  }
  return { end: i };
}

function scanLiteral(text: string, start: number): Scanned {
  const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(start, start + 64))?.[0];
  if (word && LITERALS.has(word)) return { end: start + word.length };
  if (word)
    return { offset: start, reason: `unexpected word '${word}' (values are strings in double quotes, numbers, true, false or null)` };
  if (text[start] === "'") return { offset: start, reason: 'strings need double quotes' };
  return { offset: start, reason: `expected a value but found ${describe(text, start)}` };
}
