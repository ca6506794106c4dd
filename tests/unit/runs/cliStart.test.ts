import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';

/**
 * The command starts fast: bundled as `npm run build` bundles it, it loads none of Node's modules
 * it does not use. The HTTP stack (undici, which brings node:http with it) is loaded on the first
 * request, so --help loads none of it; a run over http loads it, but not undici's HTTP/2 client
 * (node:http2, which brings TLS), TLS, zlib (decoding loads it only for a compressed answer),
 * node:https or SQLite.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
let cli: string;
let probe: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-start-'));
  cli = path.join(dir, 'cli.mjs');
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
  // Preloaded into the command: says which of Node's modules it loaded, when it exits.
  probe = path.join(dir, 'probe.cjs');
  await writeFile(
    probe,
    "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(process.moduleLoadList) + '\\n'));\n",
  );
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

function loadedBy(args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', probe, cli, ...args], { cwd: root, env: { PATH: process.env['PATH'] ?? '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', () => {
      const line = stderr.split('\n').find((text) => text.startsWith('LOADED '));
      if (line) resolve(JSON.parse(line.slice('LOADED '.length)) as string[]);
      else reject(new Error(`no module list: ${stderr}`));
    });
  });
}

describe('the agent-explorer process at start', () => {
  it('loads neither http2, TLS, zlib, node:https, node:crypto nor SQLite to run a suite over http', async () => {
    const suite = path.join(dir, 'suite.json');
    await writeFile(suite, JSON.stringify({ cases: [{ agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73' }] }));
    // A platform that refuses at once: the run goes as far as sending, over http.
    const loaded = await new Promise<string[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', probe, cli, 'run', suite], {
        cwd: root,
        env: {
          PATH: process.env['PATH'] ?? '',
          AGENT_EXPLORER_BASE_URL: 'http://127.0.0.1:9/',
          AGENT_EXPLORER_API_KEY: 'start-test-key-0123456789',
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => {
        const line = stderr.split('\n').find((text) => text.startsWith('LOADED '));
        if (code === 2 && line) resolve(JSON.parse(line.slice('LOADED '.length)) as string[]);
        else reject(new Error(`exit ${code}: ${stderr}`));
      });
    });
    expect(loaded).toContain('NativeModule net');
    // node:crypto neither: only a proxy's credentials (hashed for the connection key) and the
    // report's temporary name need it, and this run has neither.
    expect(loaded.filter((name) => /http2|zlib|sqlite|NativeModule (https|tls|crypto)$/.test(name))).toEqual([]);
  });

  // Node decodes a module's source into a string before parsing it: one character outside ASCII
  // makes the whole megabyte a two-byte string, several times slower to decode and to scan (about
  // 20 ms of every start on a loaded machine). esbuild escapes such characters in strings but not
  // in regular expressions, so those are written with escapes.
  it('is ASCII only, so Node reads its source as one-byte text', async () => {
    const outside = (await readFile(cli, 'latin1')).match(/[^\t\n\r\x20-\x7e]+/g) ?? [];
    expect(outside).toEqual([]);
  });

  it('loads none of them for --help either', async () => {
    expect((await loadedBy(['--help'])).filter((name) => /undici|http2|zlib|NativeModule (https?|tls)$/.test(name))).toEqual([]);
  });
});
