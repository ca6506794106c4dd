import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCore } from '../core/bootstrap';
import { defaultBrowserDataDir } from '../core/dataDir';
import { APP_VERSION } from '../shared/version';
import { parseWebArgs, WEB_USAGE } from './args';
import { startWebHost } from './host';

/**
 * `npm run web`: the app in a local browser, from the same core as the desktop app. Prints one
 * line with the address (the launch secret is in its fragment) and stops cleanly on Ctrl+C.
 * Bundled to dist/electron/web.mjs; the built renderer sits beside it in dist/renderer.
 */
export async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseWebArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`agent-explorer: ${parsed.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.args.help) {
    process.stdout.write(`${WEB_USAGE}\n`);
    return;
  }
  const { args } = parsed;
  const staticDir = fileURLToPath(new URL('../renderer/', import.meta.url));
  const dataDir = path.resolve(args.dataDir ?? process.env['AGENT_EXPLORER_DATA_DIR'] ?? defaultBrowserDataDir());
  const core = await startCore({
    host: 'browser',
    version: APP_VERSION,
    dataDir,
    ...(existsSync(path.join(os.homedir(), 'Downloads')) ? { downloadsDir: path.join(os.homedir(), 'Downloads') } : {}),
    env: process.env,
    onProblem: (message) => process.stderr.write(`agent-explorer: ${message}\n`),
    sandboxLatency: args.sandboxLatency,
    ...(args.sandboxKey === undefined ? {} : { sandboxKey: args.sandboxKey }),
  });
  let host;
  try {
    host = await startWebHost({ api: core.api, staticDir, port: args.port });
  } catch (error) {
    await core.close();
    const code = (error as { code?: string }).code;
    process.stderr.write(
      `agent-explorer: cannot listen on 127.0.0.1:${args.port}${code === 'EADDRINUSE' ? ' (the port is in use)' : ''}.\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`Agent Explorer running at ${host.url}\n`);
  if (args.open) openInBrowser(host.url);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([host.close(), core.close()]).then(() => {
      process.stdout.write('Agent Explorer stopped.\n');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`agent-explorer: could not open a browser (${command}); open the address above.\n`));
  child.unref();
}

void main(process.argv.slice(2));
