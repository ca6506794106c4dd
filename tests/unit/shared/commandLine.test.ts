import { describe, expect, it } from 'vitest';
import { parseCommandLine, usageText, type Command, type OptionTable } from '../../../electron/shared/commandLine';
import { APP_VERSION } from '../../../electron/shared/version';

/** The command lines' one reader: a table of options in, values, the help or one usage error out. */
const COMMAND = {
  usage: 'tool FILE [options]',
  summary: 'Does a thing.',
  positionals: true,
  options: {
    size: { type: 'string', value: 'N', help: 'how many\n(at most 9)' },
    quiet: { type: 'boolean', short: 'q', help: 'say less' },
    seed: { type: 'string', help: () => 'a fixed seed', forTests: true },
  },
  footer: 'Exit code: 0 or 2.',
} as const satisfies Command<OptionTable>;

const parse = (argv: string[]) => parseCommandLine(COMMAND, argv, (values, positionals) => ({ ok: true, value: { values, positionals } }));

describe('parseCommandLine', () => {
  it('reads --name value, --name=value, short flags and arguments; the last of a repeated option wins', () => {
    expect(parse(['a.json', '--size', '3', '-q'])).toEqual({
      kind: 'run',
      args: { values: { size: '3', quiet: true }, positionals: ['a.json'] },
    });
    expect(parse(['--size=3', '--size=4', 'a.json'])).toEqual({ kind: 'run', args: { values: { size: '4' }, positionals: ['a.json'] } });
    expect(parse(['--size', '-1', '--', '--not-an-option'])).toEqual({
      kind: 'run',
      args: { values: { size: '-1' }, positionals: ['--not-an-option'] },
    });
  });

  it.each([
    [['--bogus'], 'unknown option --bogus (see --help)'],
    [['-x'], 'unknown option -x (see --help)'],
    [['--size'], '--size needs a value'],
    [['--size', '--quiet'], '--size needs a value'],
    [['--quiet=yes'], '--quiet takes no value'],
    [['--bogus', '--size'], 'unknown option --bogus (see --help)'],
  ])('refuses %j: %s', (argv, message) => {
    expect(parse(argv)).toEqual({ kind: 'error', message });
  });

  it('echoes what was typed without its control characters (an escape sequence does not reach the terminal)', () => {
    const result = parse(['--bo\u001b]52;c;aGk\u0007gus']);
    expect(result.kind).toBe('error');
    const message = result.kind === 'error' ? result.message : '';
    expect(message).toMatch(/^unknown option --bo.*gus \(see --help\)$/);
    expect([...message].filter((char) => char.charCodeAt(0) < 0x20 || (char.charCodeAt(0) >= 0x7f && char.charCodeAt(0) <= 0x9f))).toEqual(
      [],
    );
  });

  it('refuses arguments where the command takes none', () => {
    expect(parseCommandLine({ ...COMMAND, positionals: false }, ['a.json'], () => ({ ok: true, value: null }))).toEqual({
      kind: 'error',
      message: 'unexpected argument a.json (see --help)',
    });
  });

  it("says the command's own refusal", () => {
    expect(parseCommandLine(COMMAND, ['--size', '10'], () => ({ ok: false, message: '--size needs a number up to 9' }))).toEqual({
      kind: 'error',
      message: '--size needs a number up to 9',
    });
  });

  it('answers --help and --version wherever they are, whatever else is wrong', () => {
    expect(parse(['--bogus', '-h'])).toEqual({ kind: 'print', text: usageText(COMMAND) });
    expect(parse(['--bogus', '--version'])).toEqual({ kind: 'print', text: APP_VERSION });
    // Unless taken as a forgotten value.
    expect(parse(['--size', '--version'])).toEqual({ kind: 'error', message: '--size needs a value' });
  });
});

describe('usageText', () => {
  it('lists every option from the table in one column, --help and --version last, the ones for tests apart', () => {
    expect(usageText(COMMAND)).toBe(
      [
        'Usage: tool FILE [options]',
        '',
        'Does a thing.',
        '',
        'Options:',
        '  --size N               how many',
        '                         (at most 9)',
        '  -q, --quiet            say less',
        '  -h, --help             this help',
        '  --version              the version',
        '',
        'For tests:',
        '  --seed VALUE           a fixed seed',
        '',
        'Exit code: 0 or 2.',
      ].join('\n'),
    );
  });
});
