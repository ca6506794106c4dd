import type { InvokeResult, JsonObject, RunDataFile, StartRunRequest } from '../../electron/shared/api';
import { sendRunData } from '../../renderer/features/runs/sendRunData';
import type { Expectations } from '../../electron/shared/runs/suiteTypes';
import type { FakeApi } from './fakeApi';
import { exchange, okInvoke, type InvokeResponder } from './scriptedPlatform';

/**
 * Runs for component tests, set up as a user sets them up: a suite (and a data file), sent by
 * the real startRun to the scripted platform, whose answers the test writes (keyed by the
 * request's text, as a case writes it). What the run view shows is then the real runner's,
 * judge's and store's.
 */

/** The agent the fake knows by name ("Support reply drafter"). */
export const AGENT = '11111111-1111-4111-8111-111111111111';

export interface CaseSpec {
  name: string;
  text: string;
  expect?: Expectations;
  agent?: string;
  payload?: JsonObject;
}

/** A suite named `name` ("orders" by default) of these cases, to `AGENT` unless a case or `agents` says otherwise. */
export function suiteOf(cases: CaseSpec[], options: { name?: string; agents?: string[]; data?: string } = {}): JsonObject {
  return {
    name: options.name ?? 'orders',
    ...(options.data ? { data: options.data } : {}),
    ...(options.agents ? { agents: options.agents } : { defaults: { agent: AGENT } }),
    cases: cases.map((item) => ({ ...item }) as unknown as JsonObject),
  };
}

/**
 * `count` cases "case 1"…: case N asks "question N", answered "Answer N" by `numberedAnswers`;
 * every `failEvery`-th case (0: none) expects "Dana" in its answer, so it fails.
 */
export function numberedCases(count: number, failEvery = 0): CaseSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `case ${index + 1}`,
    text: `question ${index + 1}`,
    ...(failEvery > 0 && index % failEvery === failEvery - 1 ? { expect: { answerContains: 'Dana' } } : {}),
  }));
}

/** The platform's answers by the request's text; "question N" gets "Answer N", anything else `fallback`. */
export function answersByText(
  byText: Record<string, InvokeResult | string> = {},
  fallback: (text: string) => InvokeResult = (text) => okInvoke(text.replace(/^question (\d+)$/, 'Answer $1')),
): InvokeResponder {
  return (request) => {
    const answer = Object.hasOwn(byText, request.text) ? byText[request.text]! : fallback(request.text);
    return typeof answer === 'string' ? okInvoke(answer) : structuredClone(answer);
  };
}

/** What the client makes of an error status (e.g. 404 Not Found; 429 with Retry-After), its message as the real client words it. */
export function statusAnswer(
  status: number,
  statusText: string,
  options: { body?: string; headers?: Record<string, string>; roundTripMs?: number } = {},
): InvokeResult {
  return {
    ok: false,
    error: {
      code: 'http_status',
      message: `The server answered HTTP ${status} ${statusText}.`,
      exchange: exchange({
        status,
        statusText,
        responseBody: options.body ?? '',
        responseHeaders: { 'content-type': 'text/plain', ...options.headers },
        ...(options.roundTripMs === undefined ? {} : { roundTripMs: options.roundTripMs }),
      }),
    },
  };
}

/** Starts a run of `suite` through the host's startRun, as Run suite does; its id. */
export async function startSuiteRun(
  fake: FakeApi,
  suite: JsonObject,
  options: { data?: RunDataFile; settings?: Partial<StartRunRequest> } = {},
): Promise<string> {
  const sent = options.data ? await sendRunData(fake, options.data) : null;
  if (sent && !sent.ok) throw new Error(`the data file was not sent: ${sent.error.message}`);
  const started = await fake.startRun({
    profileId: fake.profiles.activeProfileId,
    suite,
    suiteFile: 'orders.json',
    data: sent?.value ?? null,
    ...options.settings,
  });
  if (!started.ok) throw new Error(`the run did not start: ${started.error.message}`);
  return started.value.runId;
}

/** A run of `suite` that has ended: every answer given, every result kept. */
export async function endedRun(fake: FakeApi, suite: JsonObject, options: Parameters<typeof startSuiteRun>[2] = {}): Promise<string> {
  const runId = await startSuiteRun(fake, suite, options);
  await fake.runEnded(runId);
  return runId;
}

/** The platform's answers in the order it is asked (Repeat sends one request again and again); the last one after that. */
export function answersInTurn(answers: InvokeResult[]): InvokeResponder {
  let asked = 0;
  return () => structuredClone(answers[Math.min(asked++, answers.length - 1)]!);
}

/** What the client answers a request the platform did not answer in time. */
export function timedOut(message: string): InvokeResult {
  return {
    ok: false,
    error: {
      code: 'timeout',
      message,
      exchange: exchange({ status: null, statusText: '', responseBody: null, responseBytes: 0, timing: null }),
    },
  };
}
