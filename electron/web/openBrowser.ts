import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePrivateFile } from '../core/storage/privateFiles';

/**
 * `--open`: start the system browser on the app without putting anything worth stealing where
 * other local users can read it. A command line is readable by everyone (`/proc/PID/cmdline`),
 * and so it carries only the path of a private file (0600, in the 0700 data folder) that
 * redirects to a one-time address, as Jupyter does. The browser gets an environment without
 * the app's variables (AGENT_EXPLORER_API_KEY and the rest): it and everything it starts would
 * otherwise inherit them.
 */

const LAUNCH_FILE_NAME = 'open-in-browser.html';

/** The program that opens a file or address in the user's browser, looked up on PATH. */
export function openerCommand(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'open' : platform === 'win32' ? 'explorer' : 'xdg-open';
}

/** The environment for the browser: ours without the app's own variables. */
export function browserEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.toUpperCase().startsWith('AGENT_EXPLORER_')) clean[name] = value;
  }
  return clean;
}

/** The redirecting page: a meta refresh (no script; file:// pages get no CSP of ours) and a link. */
export function launchPage(url: string): string {
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${escaped}">
<title>Opening Agent Explorer</title>
</head>
<body><p><a href="${escaped}">Open Agent Explorer</a></p></body>
</html>
`;
}

export interface OpenedLaunchFile {
  file: string;
  /** Removes the file (once its address is spent, and at exit). */
  remove(): Promise<void>;
}

/** Writes the private redirecting page into `dir` and starts the opener on it. */
export async function openInBrowser(
  dir: string,
  url: string,
  options: { env: NodeJS.ProcessEnv; onFailure: (command: string) => void },
): Promise<OpenedLaunchFile> {
  const file = path.join(dir, LAUNCH_FILE_NAME);
  await writePrivateFile(file, launchPage(url));
  const command = openerCommand();
  // xdg-open and open take a path; explorer wants a path too (a file:// URL works for all three).
  const target = process.platform === 'win32' ? file : pathToFileURL(file).href;
  const child = spawn(command, [target], { stdio: 'ignore', detached: true, env: browserEnvironment(options.env) });
  child.on('error', () => options.onFailure(command));
  child.unref();
  return { file, remove: () => rm(file, { force: true }) };
}
