import os from 'node:os';
import path from 'node:path';

/**
 * Where browser mode keeps its profiles when no --data-dir or AGENT_EXPLORER_DATA_DIR says
 * otherwise: the platform's per-user configuration folder. (The desktop app uses Electron's
 * userData folder.) Keys are never written there by browser mode.
 */
export function defaultBrowserDataDir(env: Record<string, string | undefined> = process.env): string {
  if (process.platform === 'win32') return path.join(env['APPDATA'] ?? path.join(os.homedir(), 'AppData', 'Roaming'), 'agent-explorer');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'agent-explorer');
  return path.join(env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config'), 'agent-explorer');
}
