import type { HostConnection } from './index';

/**
 * What the page says when it has no host. Plain text: no backticks, and no command name,
 * because the user may have started the app with `npm start`, `npm run web` or a package; what
 * they all share is the terminal that printed the address.
 */
export function launchProblem(reason: Extract<HostConnection, { ok: false }>['reason']): string {
  switch (reason) {
    case 'token_used':
      return 'This address was already used: each address opens Agent Explorer once. Open the newest address Agent Explorer printed in its terminal.';
    case 'token_unknown':
      return 'This address is not from the Agent Explorer running now (it may have been restarted). Open the newest address it printed in its terminal.';
    case 'unreachable':
      return 'Agent Explorer is not reachable. Is it still running in its terminal?';
    case 'no_session':
      return 'This page needs an address from Agent Explorer: open the newest address it printed in its terminal.';
  }
}
