import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../electron/shared/version';
import { parseWebArgs } from '../../../electron/web/args';

describe('npm run web options', () => {
  it('defaults to a free port, no browser', () => {
    expect(parseWebArgs([])).toEqual({ kind: 'run', args: { port: 0, open: false, dataDir: null, sandboxLatency: 'realistic' } });
  });

  it('takes --port and --open', () => {
    const parsed = parseWebArgs(['--port', '8080', '--open']);
    expect(parsed.kind === 'run' && parsed.args).toMatchObject({ port: 8080, open: true });
  });

  it('takes a value as --name=value too', () => {
    const parsed = parseWebArgs(['--port=8080', '--data-dir=/tmp/x', '--sandbox-latency=none', '--sandbox-key=k']);
    expect(parsed).toEqual({ kind: 'run', args: { port: 8080, open: false, dataDir: '/tmp/x', sandboxLatency: 'none', sandboxKey: 'k' } });
  });

  it('answers --help with the options, the ones for tests apart, and --version with the app version', () => {
    const help = parseWebArgs(['-h']);
    expect(help.kind === 'print' && help.text).toMatch(
      /^Usage: npm run web -- \[options\]\n[^]*\n {2}--data-dir DIR +where profiles are saved[^]*\nFor tests:\n {2}--sandbox-key KEY/,
    );
    expect(parseWebArgs(['--version'])).toEqual({ kind: 'print', text: APP_VERSION });
  });

  it.each([
    [['--port'], '--port needs a value'],
    [['--port', 'abc'], '--port needs a number from 0 to 65535, got "abc".'],
    [['--port', '70000'], '0 to 65535'],
    [['--port='], 'got ""'],
    [['--sandbox-latency', 'slow'], 'none'],
    [['--data-dir', ''], '--data-dir needs a folder.'],
    [['--open=yes'], '--open takes no value'],
    [['--bogus'], 'unknown option --bogus (see --help)'],
    [['8080'], 'unexpected argument 8080 (see --help)'],
  ])('%j gives one clear message', (argv, message) => {
    const parsed = parseWebArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});
