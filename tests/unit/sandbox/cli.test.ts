import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../electron/shared/version';
import { sandboxBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { bundleCommand, freePort, runCommand, startCommand, type Bundled } from '../../support/commandProcess';

/** `npm run sandbox` as a process: its options, read as every command line reads them. */
let sandbox: Bundled;
beforeAll(async () => {
  sandbox = await bundleCommand('sandbox', sandboxBuildOptions);
});
afterAll(() => sandbox.remove());

describe('npm run sandbox: its arguments', () => {
  it('--help lists the options, --version among them, and exits 0', async () => {
    const ran = await runCommand(sandbox.file, ['--help']);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/^Usage: npm run sandbox -- \[options\]\n/);
    expect(ran.stdout).toMatch(/\n {2}--port N +port to listen on/);
    expect(ran.stdout).toMatch(/\n {2}--version +the version\n/);
  });

  it('--version prints the version alone', async () => {
    expect(await runCommand(sandbox.file, ['--version'])).toEqual({ code: 0, stdout: `${APP_VERSION}\n`, stderr: '' });
  });

  it.each([['--port=N'], ['--port N']])('listens where %s says', async (form) => {
    const port = await freePort();
    const args = form === '--port=N' ? [`--port=${port}`] : ['--port', String(port)];
    const started = await startCommand(sandbox.file, [...args, '--key', 'demo'], /^Sandbox listening at (\S+) — API key: demo$/m);
    expect(started.match[1]).toBe(`http://127.0.0.1:${port}`);
    expect((await started.stop()).code).toBe(0);
  });

  it('refuses an unknown option and a missing value on standard error, exit 2', async () => {
    expect(await runCommand(sandbox.file, ['--bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'sandbox: unknown option --bogus (see --help)\n',
    });
    expect(await runCommand(sandbox.file, ['--key'])).toEqual({ code: 2, stdout: '', stderr: 'sandbox: --key needs a value\n' });
  });
});
