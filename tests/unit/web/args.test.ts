import { describe, expect, it } from 'vitest';
import { parseWebArgs } from '../../../electron/web/args';

describe('npm run web options', () => {
  it('defaults to a free port, no browser', () => {
    expect(parseWebArgs([])).toEqual({ ok: true, args: { port: 0, open: false, help: false, dataDir: null, sandboxLatency: 'realistic' } });
  });

  it('takes --port and --open', () => {
    const parsed = parseWebArgs(['--port', '8080', '--open']);
    expect(parsed.ok && parsed.args).toMatchObject({ port: 8080, open: true });
  });

  it.each([
    [['--port'], '--port needs a number'],
    [['--port', 'abc'], '"abc"'],
    [['--port', '70000'], '0 to 65535'],
    [['--sandbox-latency', 'slow'], 'none'],
    [['--bogus'], 'Unknown option "--bogus"'],
  ])('%j gives one clear message', (argv, message) => {
    const parsed = parseWebArgs(argv);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });
});
