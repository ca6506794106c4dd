import { execFileSync } from 'node:child_process';
import { jsString, pythonLiteral, pythonString, shellQuote, shellWithVariable } from '../../../../renderer/lib/quoting';

/** Text that trips naive quoting in every language. */
const TRICKY = [
  `it's "quoted"`,
  'dollar $HOME and ${x} and $(whoami)',
  'backtick `id` and \\ backslash \\n literal',
  'line one\nline two\r\nand\ttab',
  'bang !! history',
  'ünïcødé — 日本語 😀',
  'line\u2028separator and \u0007 bell and \u007f',
  `''' """ `,
  '',
];

function has(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('quoting text into code', () => {
  it('shell: single quotes, with only the single quote escaped', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME `id`')).toBe(`'$HOME \`id\`'`);
  });

  it.each(TRICKY)('shell: /bin/sh reads %j back exactly', (text) => {
    expect(execFileSync('/bin/sh', ['-c', `printf '%s' ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
  });

  it('shell: a literal with a variable expands only the variable', () => {
    expect(shellWithVariable('Authorization: Bearer ', 'KEY')).toBe('"Authorization: Bearer $KEY"');
    const odd = shellWithVariable('X-Odd: $`"\\! ', 'KEY');
    expect(odd).toBe(`'X-Odd: $\`"\\! '"$KEY"`);
    const out = execFileSync('/bin/sh', ['-c', `printf '%s' ${odd}`], { encoding: 'utf8', env: { KEY: 'k$y' } });
    expect(out).toBe('X-Odd: $`"\\! k$y');
  });

  it.each(TRICKY)('JavaScript: the literal for %j evaluates to the same text', (text) => {
    const literal = jsString(text);
    expect(literal.startsWith('"')).toBe(true);
    expect(new Function(`return ${literal};`)()).toBe(text);
  });

  it('JavaScript: escapes invisible characters so a reader sees them', () => {
    expect(jsString('a\u2028b\u0007')).toBe('"a\\u2028b\\x07"');
    expect(jsString('\ud800')).toBe('"\\ud800"');
  });

  const python = has('python3', ['--version']);
  it.skipIf(!python).each(TRICKY)('Python: the literal for %j evaluates to the same text', (text) => {
    const script = `import json, sys; sys.stdout.write(json.dumps(${pythonString(text)}))`;
    expect(JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8' }))).toBe(text);
  });

  it('Python: JSON values become dict, list, True, False and None literals', () => {
    expect(pythonLiteral({ a: [1, true, null], b: { c: false }, d: {}, e: [] })).toBe(
      '{\n    "a": [\n        1,\n        True,\n        None,\n    ],\n    "b": {\n        "c": False,\n    },\n    "d": {},\n    "e": [],\n}',
    );
  });
});
