import { screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { renderReady } from '../../../renderApp';

/**
 * Judge this answer, on the guideline beside the workbench: the judge agent is asked about the
 * answer the request tab shows, each rule is marked with its verdict and reason, and a new
 * answer clears the marks (they were of the answer before).
 */

const DRAFTER = '11111111-1111-4111-8111-111111111111';
const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
const CONTENT = '## Reply\n\n1. Greet the customer.\n2. Mention the refund.';

function fakeWithJudge() {
  const fake = new FakeApi();
  fake.agents = [
    ...fake.agents,
    { id: JUDGE, name: 'Guideline judge', description: 'Judges answers.', placeholders: [], example: null, judge: true },
  ];
  fake.guidelineResponder = () => ({
    ok: true,
    value: { guideline: { name: 'Reply rules', description: '', content: CONTENT }, exchange: exchange({ method: 'GET', status: 200 }) },
  });
  fake.invokeResponder = (request) =>
    request.agentId === JUDGE
      ? okInvoke('1. PASS: It says hello.\n2. FAIL: It never says "refund".')
      : okInvoke(`Hello, about ${request.text}`);
  fake.workspace = {
    tabs: [{ id: 't1', title: '', agentId: DRAFTER, text: 'my invoice', payloadText: '{}', profileId: 'sandbox' }],
    activeTabId: 't1',
  };
  fake.guidelineTabs = {
    tabs: [],
    active: null,
    beside: { guideline: { profileId: 'sandbox', guidelineId: 'g-rules' }, open: true, width: 420 },
  };
  return fake;
}

describe('judging the answer in view against the guideline beside', () => {
  it('marks each rule with the judge’s verdict and reason, and a new answer clears them', async () => {
    const fake = fakeWithJudge();
    const { user } = await renderReady(fake);
    const beside = screen.getByRole('region', { name: 'Guideline beside the workbench' });
    expect(await within(beside).findByText('Send a request: a judge agent can then check its answer against these rules.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Invoke/ }));
    await user.click(await within(beside).findByRole('button', { name: 'Judge this answer' }));
    const rules = await within(beside).findByRole('list', { name: 'Rules as judged' });
    const items = within(rules).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'PassRule 1: Greet the customer.It says hello.',
      'FailRule 2: Mention the refund.It never says "refund".',
    ]);
    expect(fake.callsOf('invokeAgent').at(-1)).toMatchObject({
      agentId: JUDGE,
      payload: { answer: 'Hello, about my invoice', text: 'my invoice', rules: '1. Greet the customer.\n2. Mention the refund.' },
    });

    await user.click(screen.getByRole('button', { name: /^Invoke/ }));
    await waitFor(() => expect(within(beside).queryByRole('list', { name: 'Rules as judged' })).toBeNull());
    expect(within(beside).getByRole('button', { name: 'Judge this answer' })).toBeVisible();
  });
});
