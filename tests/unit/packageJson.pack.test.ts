import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../electron/tooling/cliBuild.mjs';
import { runProgram, type Ended } from '../support/commandProcess';

/**
 * `npm pack` gives a package a CI job installs on its own: `npm install ./agent-explorer-*.tgz`
 * in an empty folder, offline, adds nothing but the command (no Electron, no other package),
 * and its `agent-explorer` runs a suite against the embedded Sandbox. The package is packed from
 * the repository's own package.json and README with the command bundled as `prepack` bundles it
 * (the build script itself is what `npm run build` runs everywhere else).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let tarball: string;

/** npm (and the installed command) with a HOME of the test's own, so the machine's npm cache and config stay out. */
function run(command: string, args: string[], cwd: string): Promise<Ended> {
  return runProgram(command, args, {
    cwd,
    env: { HOME: dir, npm_config_cache: path.join(dir, 'npm-cache'), npm_config_update_notifier: 'false' },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-pack-'));
  const source = path.join(dir, 'source');
  await mkdir(path.join(source, 'dist/electron'), { recursive: true });
  await copyFile(path.join(root, 'package.json'), path.join(source, 'package.json'));
  await copyFile(path.join(root, 'README.md'), path.join(source, 'README.md'));
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(path.join(source, 'dist/electron/cli.mjs')) });
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], source);
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(dir, info!.filename);
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the packed command line', () => {
  it('holds the command and the README, and asks for no other package', async () => {
    const listed = await run('tar', ['-tzf', tarball], dir);
    expect(listed.stdout.trim().split('\n').sort()).toEqual(['package/README.md', 'package/dist/electron/cli.mjs', 'package/package.json']);
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['dependencies']).toBeUndefined();
    expect(manifest['bin']).toEqual({ 'agent-explorer': 'dist/electron/cli.mjs' });
    expect((manifest['scripts'] as Record<string, string>)['prepack']).toBe('node electron/tooling/build.mjs --node-only');
  });

  it('installs offline in an empty folder and runs a suite against the embedded Sandbox', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], empty);
    expect(installed.code, installed.stderr).toBe(0);
    expect((await readdir(path.join(empty, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['agent-explorer']);

    const command = path.join(empty, 'node_modules/.bin/agent-explorer');
    const version = await run(command, ['--version'], empty);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string }).version,
    );

    await writeFile(
      path.join(empty, 'suite.json'),
      JSON.stringify({ name: 'smoke', cases: [{ agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73', text: 'Hello', expect: { status: 200 } }] }),
    );
    const ran = await run(command, ['run', 'suite.json', '--sandbox'], empty);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('1 passed');
  });
});
