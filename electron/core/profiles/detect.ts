import { randomUUID } from 'node:crypto';
import type { AppError, DetectAttempt, KeyPresentation } from '../../shared/api';
import type { PlatformClient, PlatformTarget } from '../http/platformClient';
import { DETECT_CANDIDATES, describePresentation, samePresentation } from './keyPresentation';

/**
 * Detect: which way of presenting the key does this server take? Each presentation is tried
 * in turn, the profile's own first, until one is not refused.
 *
 * With a guideline id, each try is a GET of that guideline: a GET has no side effects. Without
 * one (a new profile knows no guideline yet), each try is an invoke of an agent id made up for
 * the occasion, with an empty text and payload: no agent has that id, so nothing runs, and the
 * server's answer still tells the two cases apart, since it checks the key before it looks the
 * agent up: 401/403 is a refused key, while 404 (no such agent), 400 (a body it does not like)
 * or 200 means the key got past the check.
 */

/** What Detect sends with each presentation. */
export type DetectProbe = { kind: 'guideline'; guidelineId: string } | { kind: 'invoke'; agentId: string };

/** The probe for a request: the guideline given, or else an invoke of an agent id that exists nowhere. */
export function detectProbe(guidelineId: string): DetectProbe {
  const id = guidelineId.trim();
  return id === '' ? { kind: 'invoke', agentId: randomUUID() } : { kind: 'guideline', guidelineId: id };
}

/** Answers to an invoke of a made-up agent that show the key was taken (the agent lookup or the body check came after it). */
const INVOKE_PAST_THE_KEY = new Set([200, 400, 404, 422]);

export interface DetectOutcome {
  attempts: DetectAttempt[];
  chosen: KeyPresentation | null;
}

/** Tries each presentation (the target's own first) with `probe`; stops at the first not refused, or the first with no telling answer. */
export async function detectPresentation(client: PlatformClient, target: PlatformTarget, probe: DetectProbe): Promise<DetectOutcome> {
  const candidates = [target.auth, ...DETECT_CANDIDATES.filter((candidate) => !samePresentation(candidate, target.auth))];
  const attempts: DetectAttempt[] = [];
  for (const presentation of candidates) {
    const attempt = classify(presentation, probe, await send(client, { ...target, auth: presentation }, probe));
    attempts.push(attempt);
    if (attempt.outcome === 'accepted') return { attempts, chosen: presentation };
    // No telling answer (unreachable server, a bad id, a server error): other forms of the key will not help.
    if (attempt.outcome === 'failed') break;
  }
  return { attempts, chosen: null };
}

interface ProbeAnswer {
  status: number | null;
  error: AppError | null;
}

async function send(client: PlatformClient, target: PlatformTarget, probe: DetectProbe): Promise<ProbeAnswer> {
  const result =
    probe.kind === 'guideline'
      ? await client.getGuideline(target, { guidelineId: probe.guidelineId })
      : await client.invoke(target, { agentId: probe.agentId, text: '', payload: {} });
  return result.ok
    ? { status: result.value.exchange.status, error: null }
    : { status: result.error.exchange?.status ?? null, error: result.error };
}

/** The rule: 401/403 refuses the presentation; for a guideline anything else takes it, for the made-up invoke only the answers above. */
function classify(presentation: KeyPresentation, probe: DetectProbe, answer: ProbeAnswer): DetectAttempt {
  const label = describePresentation(presentation);
  const { status, error } = answer;
  if (status === null) return { presentation, label, status: null, outcome: 'failed', message: error?.message ?? 'No answer.' };
  if (status === 401 || status === 403)
    return { presentation, label, status, outcome: 'rejected', message: `Refused with HTTP ${status}.` };
  if (probe.kind === 'guideline') {
    const message = error
      ? `Accepted (HTTP ${status}); the read itself said: ${error.message}`
      : `Accepted: the guideline was read (HTTP ${status}).`;
    return { presentation, label, status, outcome: 'accepted', message };
  }
  if (INVOKE_PAST_THE_KEY.has(status)) {
    const message =
      status === 404
        ? 'Accepted: the server looked for the made-up agent (HTTP 404), so the key got past its check.'
        : `Accepted: the server answered HTTP ${status} to the made-up agent, not 401/403.`;
    return { presentation, label, status, outcome: 'accepted', message };
  }
  return {
    presentation,
    label,
    status,
    outcome: 'failed',
    message: `HTTP ${status} does not tell whether the key was taken. Give a guideline id and Detect again.`,
  };
}
