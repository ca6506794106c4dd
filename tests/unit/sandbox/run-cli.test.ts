import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxKnownAgents, sandboxKnownGuidelines } from '../../../electron/sandbox/catalog';
import { runSandboxCli, type CliIo } from '../../../electron/sandbox/run-cli';

/** A stand-in process: records output, and resolves `exited` with the exit code. */
function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  let stop: (() => void) | undefined;
  let onExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (onExit = resolve));
  const io: CliIo = {
    out: (line) => out.push(...line.split('\n')),
    err: (line) => err.push(line),
    exit: (code) => onExit(code),
    onStopRequest: (handler) => (stop = handler),
  };
  return { io, out, err, exited, stop: () => stop?.() };
}

let cleanup: (() => unknown) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('runSandboxCli', () => {
  it('starts, prints the URL and key on the first line, lists the samples, and stops with exit 0', async () => {
    const run = fakeIo();
    cleanup = run.stop;
    await runSandboxCli(['--port', '0', '--key', 'demo', '--latency', 'none'], run.io);
    const first = run.out[0] ?? '';
    const match = /^Sandbox listening at (http:\/\/127\.0\.0\.1:(\d+)) — API key: demo$/.exec(first);
    expect(match).not.toBeNull();
    const url = match?.[1] ?? '';
    for (const item of [...sandboxKnownAgents(), ...sandboxKnownGuidelines()]) {
      expect(run.out).toContain(`  ${item.id}  ${item.name}`);
    }
    expect(run.err).toEqual([]);

    const guideline = sandboxKnownGuidelines()[0];
    const response = await fetch(`${url}/api/guideline/${guideline?.id ?? ''}/`, {
      headers: { Authorization: 'Bearer demo' },
    });
    expect(response.status).toBe(200);

    run.stop();
    expect(await run.exited).toBe(0);
    await expect(fetch(`${url}/api/guideline/x/`)).rejects.toThrow();
  });

  it('generates and prints a key when none is given', async () => {
    const run = fakeIo();
    cleanup = run.stop;
    await runSandboxCli(['--port', '0'], run.io);
    expect(run.out[0]).toMatch(/ — API key: [A-Za-z0-9_-]{43}$/);
  });

  it('prints usage and exits 0 for --help, without starting a server', async () => {
    const run = fakeIo();
    await runSandboxCli(['--help'], run.io);
    expect(await run.exited).toBe(0);
    expect(run.out[0]).toMatch(/^Usage: npm run sandbox -- \[options\]/);
    expect(run.out.join('\n')).toContain('--latency realistic|none');
  });

  it('writes one error line and exits 2 for a bad option', async () => {
    const run = fakeIo();
    await runSandboxCli(['--port', 'eighty'], run.io);
    expect(await run.exited).toBe(2);
    expect(run.err).toEqual(["sandbox: Invalid --port 'eighty': expected a whole number from 0 to 65535."]);
    expect(run.out).toEqual([]);
  });

  it('writes one error line and exits 1 when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanup = () => new Promise((resolve) => blocker.close(resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const run = fakeIo();
    await runSandboxCli(['--port', String(port)], run.io);
    expect(await run.exited).toBe(1);
    expect(run.err).toEqual([
      `sandbox: could not start: port ${String(port)} is already in use; pick another with --port, or --port 0 for any free one.`,
    ]);
  });
});
