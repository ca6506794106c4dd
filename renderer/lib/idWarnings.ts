/**
 * Warnings about an agent id that would make the platform answer 404 for reasons a person
 * cannot see: a space in the middle, a Cyrillic "а" pasted from a chat message, an en dash
 * where a hyphen belongs, a zero-width space from a web page. Each is reported by position
 * in the id as sent (trimmed), counting characters from 1. These are warnings, not refusals:
 * the id is sent as typed, trimmed.
 */

/** One suspicious character: where it is and what it is, in words. */
export interface IdFinding {
  /** 1-based position in the trimmed id, counting characters (code points). */
  position: number;
  char: string;
  /** e.g. "U+0430". */
  codePoint: string;
  kind: 'whitespace' | 'invisible' | 'lookalike' | 'other';
  message: string;
}

/** What `checkAgentId` found about an id. */
export interface IdCheck {
  /** The id as it will be sent. */
  trimmed: string;
  /** True when the raw text had spaces or line breaks around it (they are removed). */
  trimmedAway: boolean;
  /** True when the trimmed id is not empty and not a UUID (the platform's ids are UUIDs). */
  notUuid: boolean;
  findings: IdFinding[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const WHITESPACE_NAMES: Record<string, string> = {
  ' ': 'a space',
  '\t': 'a tab',
  '\n': 'a line break',
  '\r': 'a line break',
  '\u00a0': 'a no-break space',
  '\u2007': 'a figure space',
  '\u202f': 'a narrow no-break space',
  '\u3000': 'an ideographic space',
};

const INVISIBLE_NAMES: Record<string, string> = {
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\ufeff': 'a zero-width no-break space',
  '\u00ad': 'a soft hyphen',
  '\u200e': 'a left-to-right mark',
  '\u200f': 'a right-to-left mark',
};

const DASHES: Record<string, string> = {
  '\u2010': 'a Unicode hyphen',
  '\u2011': 'a non-breaking hyphen',
  '\u2012': 'a figure dash',
  '\u2013': 'an en dash',
  '\u2014': 'an em dash',
  '\u2015': 'a horizontal bar',
  '\u2212': 'a minus sign',
  '\ufe63': 'a small hyphen-minus',
  '\uff0d': 'a full-width hyphen-minus',
};

/** Cyrillic and Greek letters that look like Latin ones, mapped to the letter they imitate. */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  У: 'Y',
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

function codePointOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function scriptOf(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x0400 && code <= 0x052f) return 'Cyrillic';
  if (code >= 0x0370 && code <= 0x03ff) return 'Greek';
  return 'non-Latin';
}

/** What one character is, or null when it is plain printable ASCII. */
function describe(char: string): Pick<IdFinding, 'kind' | 'message'> | null {
  const code = char.codePointAt(0) ?? 0;
  const cp = codePointOf(char);
  // Invisible first: JavaScript's \s counts U+FEFF as whitespace, but it shows as nothing at all.
  const invisible = INVISIBLE_NAMES[char];
  if (invisible) return { kind: 'invisible', message: `${invisible} (${cp}), invisible` };
  const whitespace = WHITESPACE_NAMES[char] ?? (/\s/u.test(char) ? 'whitespace' : undefined);
  if (whitespace) return { kind: 'whitespace', message: `${whitespace} (${cp}) inside the id` };
  const dash = DASHES[char];
  if (dash) return { kind: 'lookalike', message: `${dash} (${cp}) that looks like “-”` };
  const latin = LOOKALIKES[char];
  if (latin) return { kind: 'lookalike', message: `a ${scriptOf(char)} “${char}” (${cp}) that looks like Latin “${latin}”` };
  if (code >= 0xff01 && code <= 0xff5e) {
    const ascii = String.fromCodePoint(code - 0xfee0);
    return { kind: 'lookalike', message: `a full-width “${char}” (${cp}) that looks like “${ascii}”` };
  }
  if (code < 0x20 || code === 0x7f) return { kind: 'invisible', message: `a control character (${cp})` };
  if (code > 0x7e) return { kind: 'other', message: `“${char}” (${cp}), not an ASCII character` };
  return null;
}

/** Checks an agent id as typed. */
export function checkAgentId(raw: string): IdCheck {
  const trimmed = raw.trim();
  const findings: IdFinding[] = [];
  [...trimmed].forEach((char, index) => {
    const found = describe(char);
    if (found) findings.push({ position: index + 1, char, codePoint: codePointOf(char), ...found });
  });
  return { trimmed, trimmedAway: trimmed !== raw && trimmed !== '', notUuid: trimmed !== '' && !UUID.test(trimmed), findings };
}

/** A finding as one sentence, e.g. "Character 9 is a Cyrillic “а” (U+0430) that looks like Latin “a”." */
export function findingSentence(finding: IdFinding): string {
  return `Character ${finding.position} is ${finding.message}.`;
}
