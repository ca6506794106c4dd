import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RunInsights } from '../../../../../../renderer/features/runs/insights/RunInsights';
import { HostProvider } from '../../../../../../renderer/host/HostContext';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { exchange, FakeApi, okInvoke } from '../../../../../support/fakeApi';

/**
 * RunInsights on its own, inside the providers the app gives it (the host, its pushed
 * events, a query client), against the fake host's real run service (runs started from suites:
 * tests/support/runSuites.ts). The Runs
 * section that places it is built separately.
 */
export function renderInsights(runId: string, fake: FakeApi = new FakeApi()) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <HostProvider api={fake} events={fake.events}>
        <RunInsights runId={runId} />
      </HostProvider>
    </QueryClientProvider>,
  );
  return { user, fake, queryClient, ...view };
}

export const AGENT_A = '11111111-1111-4111-8111-111111111111';
export const AGENT_B = '33333333-3333-4333-8333-333333333333';

/** The insights region. */
export const insights = () => screen.getByRole('region', { name: 'Run insights' });

/**
 * jsdom has no layout: the matrix's scroller measures 0 and the virtualizer shows no rows in a
 * 0-pixel window. Give it the size a browser would (480 px high) for the calling file's tests.
 */
export function useMatrixLayout() {
  const names = ['clientHeight', 'clientWidth'] as const;
  const originals = names.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
  beforeAll(() => {
    for (const name of names) {
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('matrix-scroller') ? (name === 'clientHeight' ? 480 : 800) : 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const [name, descriptor] of originals) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
}

const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
const RULES = '## Reply\n\n1. Greet the customer.\n2. Mention the refund.';

/** A case's judge expectation: the judge of `fakeWithJudge` against its guideline "Reply rules". */
export const JUDGED = { judge: { agent: JUDGE, guideline: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' } };

/**
 * A fake host whose platform has a judge: rule 1 always passes; rule 2 passes only for an answer
 * that says "refund" (its why when it fails holds markup, which must stay text). Agent A answers
 * "Hello, about <text>", any other agent "Hello." (or as `answerOf` says).
 */
export function fakeWithJudge(
  answerOf: (agentId: string, text: string) => string = (agentId, text) => (agentId === AGENT_A ? `Hello, about ${text}` : 'Hello.'),
): FakeApi {
  const fake = new FakeApi();
  fake.guidelineResponder = () => ({
    ok: true,
    value: { guideline: { name: 'Reply rules', description: '', content: RULES }, exchange: exchange({ method: 'GET', status: 200 }) },
  });
  fake.invokeResponder = (request) => {
    if (request.agentId !== JUDGE) return okInvoke(answerOf(request.agentId, request.text));
    const answer = String(request.payload['answer']);
    return okInvoke(
      answer.includes('refund')
        ? '1. PASS: It greets.\n2. PASS: It says refund.'
        : '1. PASS: It greets.\n2. FAIL: It never says <b>refund</b>.',
    );
  };
  return fake;
}
