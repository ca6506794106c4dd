import type { InvokeResult } from '../shared/api';
import { errorAdvice } from '../shared/errorAdvice';
import type { SetupFailure } from '../core/runs/runner';

/**
 * The one line `agent-explorer run` says when its first requests show a setup problem (the
 * runner's `stopWhenUnreachable` and `stopWhenKeyRefused`): the platform could not be reached, or
 * it refused the key, before it answered anything. Nothing more is sent, the reports hold what
 * came, and the exit code is 2, as for any other setup problem; a page of FAIL lines would only
 * repeat it once per case. What went wrong is said in the app's own words (the client's network
 * message; for a refused key, the Response view's advice), then where to look for this command.
 */

/** Where the run's platform and key came from, so the line can name what to check. */
export type PlatformSource = { kind: 'environment' } | { kind: 'workspace'; profile: string } | { kind: 'sandbox' };

const KEY = 'AGENT_EXPLORER_API_KEY';

function whatToCheck(failure: SetupFailure, source: PlatformSource): string {
  const profile = source.kind === 'workspace' ? `the profile ${JSON.stringify(source.profile)}` : null;
  if (failure === 'unreachable') {
    if (source.kind === 'sandbox') return 'The embedded Sandbox did not answer';
    return `Check ${profile ? `the base URL of ${profile}` : 'AGENT_EXPLORER_BASE_URL'}, the network and any proxy`;
  }
  return `Check ${KEY}, and ${profile ? `the key presentation of ${profile}` : 'AGENT_EXPLORER_AUTH'} (the form the server reads the key in)`;
}

/** A sentence ends with its stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The line (without the command's prefix); `notRun` is how many requests were never sent. */
export function setupLine(failure: SetupFailure, result: InvokeResult, source: PlatformSource, notRun: number): string {
  const error = result.ok ? null : result.error;
  const advice = error ? errorAdvice(error) : null;
  const what =
    failure === 'key_refused' && advice
      ? [`${advice.title}${advice.serverMessage ? `: "${advice.serverMessage}"` : ''}`, ...(advice.hint ? [advice.hint] : [])]
      : [`the platform could not be reached: ${error?.message ?? 'no answer'}`];
  const sent = notRun === 0 ? 'nothing more was sent' : `nothing more was sent (${notRun.toLocaleString('en-US')} not run)`;
  return [...what, `${whatToCheck(failure, source)}; ${sent}`].map(sentence).join(' ');
}
