/**
 * The command line runs Node with a young generation of 16 MB semi-spaces. On a machine with
 * much memory Node 22 and later let the young generation grow to 64 MB semi-spaces, and a long
 * run (each request's short-lived objects) fills them: the process then holds over 100 MB of
 * garbage it does not need. With 16 MB a 20,000-row run peaks at about 160 MB instead of 250,
 * and uses no more CPU (measured with tests/bench/scale.ts).
 *
 * The size can only be set when Node starts, so the process replaces itself with one started
 * with the flag (process.execve: the same process, nothing left behind), unless the flag is
 * already given (on the command line or in NODE_OPTIONS) or the platform has no execve
 * (Windows), where the run goes on with Node's default. Imported first by main.ts, so nothing
 * else has run yet.
 */
const FLAG = '--max-semi-space-size=16';

function flagGiven(): boolean {
  const nodeOptions = (process.env['NODE_OPTIONS'] ?? '').split(/\s+/);
  return [...process.execArgv, ...nodeOptions].some((arg) => arg.startsWith('--max-semi-space-size'));
}

if (!flagGiven() && typeof process.execve === 'function') {
  try {
    process.execve(process.execPath, [process.execPath, FLAG, ...process.execArgv, ...process.argv.slice(1)], process.env);
  } catch {
    // Not replaced (the call refused): the run goes on with Node's default.
  }
}
