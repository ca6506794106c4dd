import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseSandboxArgs } from '../../../electron/sandbox/args';
import { APP_VERSION } from '../../../electron/shared/version';

describe('parseSandboxArgs', () => {
  it('uses the defaults when given nothing', () => {
    expect(parseSandboxArgs([])).toEqual({
      kind: 'run',
      args: { port: DEFAULT_PORT, host: '127.0.0.1', apiKey: undefined, auth: { kind: 'bearer' }, latency: 'realistic' },
    });
  });

  it('reads every option, in either --name value or --name=value form', () => {
    expect(parseSandboxArgs(['--port', '9000', '--key', 'demo', '--host=0.0.0.0', '--latency=none'])).toEqual({
      kind: 'run',
      args: { port: 9000, host: '0.0.0.0', apiKey: 'demo', auth: { kind: 'bearer' }, latency: 'none' },
    });
  });

  it('accepts port 0 and 65535, and keys with = or leading dashes', () => {
    expect(parseSandboxArgs(['--port', '0'])).toMatchObject({ args: { port: 0 } });
    expect(parseSandboxArgs(['--port=65535'])).toMatchObject({ args: { port: 65535 } });
    expect(parseSandboxArgs(['--key=a=b'])).toMatchObject({ args: { apiKey: 'a=b' } });
    expect(parseSandboxArgs(['--key', '-x-'])).toMatchObject({ args: { apiKey: '-x-' } });
  });

  it('lets a repeated option take its last value', () => {
    expect(parseSandboxArgs(['--port', '1', '--port', '2'])).toMatchObject({ args: { port: 2 } });
  });

  it.each([['--help'], ['-h'], ['--port', '1', '--help'], ['--prot', '--help']])('asks for help with %s', (...argv) => {
    const parsed = parseSandboxArgs(argv);
    expect(parsed.kind).toBe('print');
    expect(parsed.kind === 'print' && parsed.text).toMatch(/^Usage: npm run sandbox -- \[options\]\n/);
  });

  it('answers --version with the app version', () => {
    expect(parseSandboxArgs(['--version'])).toEqual({ kind: 'print', text: APP_VERSION });
  });

  it.each([
    [['--prot', '8787'], /^unknown option --prot \(see --help\)$/],
    [['-p', '8787'], /^unknown option -p \(see --help\)$/],
    [['8787'], /^unexpected argument 8787 \(see --help\)$/],
    [['--port'], /^--port needs a value$/],
    [['--key', '--port', '1'], /^--key needs a value$/],
    [['--latency=none=x'], /^Invalid --latency 'none=x'/],
    [['--port', '65536'], /^Invalid --port '65536': expected a whole number from 0 to 65535\.$/],
    [['--port', '-1'], /^Invalid --port '-1'/],
    [['--port', '80.5'], /^Invalid --port '80\.5'/],
    [['--port', 'abc'], /^Invalid --port 'abc'/],
    [['--port='], /^Invalid --port ''/],
    [['--latency', 'fast'], /^Invalid --latency 'fast': expected realistic or none\.$/],
    [['--host', ''], /^Invalid --host ''/],
    [['--key='], /^Invalid --key: /],
    [['--key', 'has space'], /^Invalid --key: /],
    [['--key', 'caf\u00e9'], /^Invalid --key: /],
  ])('refuses %j with one clear message', (argv, message) => {
    const parsed = parseSandboxArgs(argv);
    expect(parsed.kind).toBe('error');
    if (parsed.kind === 'error') {
      expect(parsed.message).toMatch(message);
      expect(parsed.message).not.toContain('\n');
    }
  });

  it('does not echo a refused key, since it is meant to be secret', () => {
    const parsed = parseSandboxArgs(['--key', 'secret value']);
    expect(parsed.kind === 'error' && parsed.message).not.toContain('secret');
  });
});
