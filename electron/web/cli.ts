import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCore } from '../core/bootstrap';
import { defaultBrowserDataDir } from '../core/storage/dataDir';
import { describeLaunch, folderInUseMessage, lockDataDir } from '../core/storage/dataDirLock';
import { USAGE_EXIT_CODE } from '../shared/commandLine';
import { APP_VERSION } from '../shared/version';
import { parseWebArgs } from './args';
import { startWebHost } from './host';
import { openInBrowser, type OpenedLaunchFile } from './openBrowser';

/**
 * `npm run web`: the app in a local browser, from the same core as the desktop app. Prints one
 * line with the address (a one-time token in its fragment; each time one is spent, another is
 * printed for the next tab or browser) and stops cleanly on Ctrl+C.
 * Bundled to dist/electron/web.mjs; the built renderer sits beside it in dist/renderer.
 */
export async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseWebArgs(argv);
  if (parsed.kind === 'error') {
    process.stderr.write(`agent-explorer: ${parsed.message}\n`);
    process.exitCode = USAGE_EXIT_CODE;
    return;
  }
  if (parsed.kind === 'print') {
    // --help or --version.
    process.stdout.write(`${parsed.text}\n`);
    return;
  }
  const { args } = parsed;
  const staticDir = fileURLToPath(new URL('../renderer/', import.meta.url));
  const dataDir = path.resolve(args.dataDir ?? process.env['AGENT_EXPLORER_DATA_DIR'] ?? defaultBrowserDataDir());
  const lock = await lockDataDir(dataDir, describeLaunch(process.env, process.argv[1]));
  if (!lock.ok) {
    process.stderr.write(`agent-explorer: ${folderInUseMessage(dataDir, lock)}\n`);
    process.exitCode = 1;
    return;
  }
  // 'exit' runs for a normal end and for process.exit() in the signal handlers below.
  process.on('exit', lock.release);
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
  let host: Awaited<ReturnType<typeof startWebHost>> | undefined;
  let launchFile: OpenedLaunchFile | null = null;
  try {
    host = await startWebHost({
      api: core.api,
      runProgress: core.runProgress,
      runExports: core.runExports,
      staticDir,
      port: args.port,
      onTokenUsed: () => {
        void launchFile?.remove();
        launchFile = null;
        process.stdout.write(`That address is spent. For another tab or browser, open: ${host?.newLink() ?? ''}\n`);
      },
    });
  } catch (error) {
    await core.close();
    lock.release();
    const code = (error as { code?: string }).code;
    process.stderr.write(
      `agent-explorer: cannot listen on 127.0.0.1:${args.port}${code === 'EADDRINUSE' ? ' (the port is in use)' : ''}.\n`,
    );
    process.exitCode = 1;
    return;
  }
  // Before the address is printed: whoever reads it may stop us at once.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([host.close(), core.close(), launchFile?.remove()]).then(() => {
      process.stdout.write('Agent Explorer stopped.\n');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`Agent Explorer running at ${host.url}\n`);
  if (args.open) {
    launchFile = await openInBrowser(dataDir, host.url, {
      env: process.env,
      onFailure: (command) => process.stderr.write(`agent-explorer: could not open a browser (${command}); open the address above.\n`),
    });
  }
}

void main(process.argv.slice(2));
