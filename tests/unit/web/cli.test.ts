import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../electron/shared/version';
import { webBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { bundleCommand, freePort, runCommand, startCommand, type Bundled } from '../../support/commandProcess';

/** `npm run web` as a process: its options, read as every command line reads them. */
let web: Bundled;
let home: string;
beforeAll(async () => {
  web = await bundleCommand('web', webBuildOptions);
});
afterAll(() => web.remove());
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'web-args-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const run = (args: string[]) => runCommand(web.file, args, { HOME: home });

describe('npm run web: its arguments', () => {
  it('--help lists the options, --version among them, and exits 0', async () => {
    const ran = await run(['--help']);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/^Usage: npm run web -- \[options\]\n/);
    expect(ran.stdout).toMatch(/\n {2}--port N +listen on 127\.0\.0\.1:N/);
    expect(ran.stdout).toMatch(/\n {2}--version +the version\n/);
  });

  it('--version prints the version alone', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${APP_VERSION}\n`, stderr: '' });
  });

  it.each([['--port=N'], ['--port N']])('listens where %s says', async (form) => {
    const port = await freePort();
    const args = form === '--port=N' ? [`--port=${port}`] : ['--port', String(port)];
    const started = await startCommand(
      web.file,
      [...args, '--data-dir', path.join(home, 'data'), '--sandbox-latency', 'none'],
      /Agent Explorer running at (\S+)/,
      { HOME: home },
    );
    expect(started.match[1]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#token=`));
    const ended = await started.stop();
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('Agent Explorer stopped.');
  });

  it('refuses an unknown option and a missing value on standard error, exit 2', async () => {
    expect(await run(['--bogus'])).toEqual({ code: 2, stdout: '', stderr: 'agent-explorer: unknown option --bogus (see --help)\n' });
    expect(await run(['--data-dir'])).toEqual({ code: 2, stdout: '', stderr: 'agent-explorer: --data-dir needs a value\n' });
    expect(await run(['--port'])).toEqual({ code: 2, stdout: '', stderr: 'agent-explorer: --port needs a value\n' });
  });
});
