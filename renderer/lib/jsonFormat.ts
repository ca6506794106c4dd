import { findJsonProblem } from './jsonLocation';
import { tokenizeJson } from './jsonTokens';

/**
 * Pretty-printing that only moves whitespace.
 *
 * `JSON.stringify(JSON.parse(text))` would also rewrite values: `1.50` becomes `1.5`, a large
 * id like `12345678901234567890` loses digits, and of two equal keys one silently disappears.
 * What the user sends must be what they typed, so Format re-indents the tokens as written.
 */

/**
 * The text re-indented (two spaces by default), or null when it is not valid JSON.
 * `baseIndent` indents every line after the first, for embedding in a larger document.
 */
export function formatJson(text: string, indent = 2, baseIndent = 0): string | null {
  if (findJsonProblem(text)) return null;
  const tokens = tokenizeJson(text);
  const pad = (depth: number) => '\n' + ' '.repeat(baseIndent + depth * indent);
  let out = '';
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.kind) {
      case 'open': {
        const next = tokens[i + 1];
        if (next?.kind === 'close') {
          out += token.text + next.text;
          i++;
        } else {
          depth++;
          out += token.text + pad(depth);
        }
        break;
      }
      case 'close':
        depth--;
        out += pad(depth) + token.text;
        break;
      case 'comma':
        out += ',' + pad(depth);
        break;
      case 'colon':
        out += ': ';
        break;
      default:
        out += token.text;
    }
  }
  return out;
}

/** The text on one line with a space after each ':' and ',', or null when it is not valid JSON. */
export function compactJson(text: string): string | null {
  if (findJsonProblem(text)) return null;
  return tokenizeJson(text)
    .map((token) => (token.kind === 'colon' ? ': ' : token.kind === 'comma' ? ', ' : token.text))
    .join('');
}
