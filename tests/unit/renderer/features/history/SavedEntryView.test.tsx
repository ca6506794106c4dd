import { screen, waitFor, within } from '@testing-library/react';
import type { HistoryExchange } from '../../../../../electron/shared/api';
import { exchange, FakeApi } from '../../../../support/fakeApi';
import { AGENT, entryButtons, entryCheckboxes, invokeExchange, openHistory, SANDBOX, useHistoryLayout } from './historyHarness';

useHistoryLayout();

/** "Save the whole body to a file" of an invoke, as the host records it: the exchange, no body, where it went. */
const SAVED_PATH = '/home/ada/Downloads/agent-11111111-2026-11-20.json';
const savedExchange: HistoryExchange = {
  what: 'saved',
  request: { kind: 'invoke', request: { agentId: AGENT, text: 'What is the refund policy?', payload: { order: 'A-17' } } },
  result: {
    ok: true,
    value: {
      path: SAVED_PATH,
      bytes: 73400320,
      limitReached: false,
      limitBytes: 268435456,
      exchange: exchange({
        responseBody: null,
        responseBytes: 73400320,
        roundTripMs: 4321,
        responseHeaders: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
      }),
    },
  },
};

async function seedInvokeThenSave(fake: FakeApi) {
  await fake.history.record({
    exchange: invokeExchange('Refunds take five days.'),
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:00:00.000Z',
  });
  await fake.history.record({ exchange: savedExchange, profile: SANDBOX, recordedAt: '2026-11-20T08:01:00.000Z' });
}

const panel = () => screen.getByRole('tabpanel', { name: 'History' });

describe('History: a save to a file', () => {
  it('is listed as "invoke saved to file" with its status', async () => {
    const fake = new FakeApi();
    await seedInvokeThenSave(fake);
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
    expect(entryButtons(history)[0]).toHaveTextContent(/invoke saved to file/);
    expect(entryButtons(history)[0]).toHaveTextContent(/200/);
    expect(entryButtons(history)[1]).not.toHaveTextContent(/saved to file/);
    // By its id, or (where the app knows the agent) its name with the id.
    expect(entryCheckboxes(history)[0]).toHaveAccessibleName(new RegExp(`^Select invoke saved to file (.+ \\()?${AGENT}\\)? at`));
  });

  it("is named by the user's catalog like an invoke, and a save that failed says so", async () => {
    const fake = new FakeApi();
    fake.catalog = [
      {
        agentId: AGENT,
        name: 'Refund helper',
        notes: '',
        tags: [],
        placeholders: [],
        learnedKeys: [],
        updatedAt: '2026-11-20T08:00:00.000Z',
      },
    ];
    await fake.history.record({ exchange: savedExchange, profile: SANDBOX, recordedAt: '2026-11-20T08:01:00.000Z' });
    const refused = {
      code: 'network' as const,
      message: 'The connection was refused.',
      exchange: exchange({ status: null, responseBody: null }),
    };
    await fake.history.record({
      exchange: { ...savedExchange, result: { ok: false, error: refused } },
      profile: SANDBOX,
      recordedAt: '2026-11-20T08:02:00.000Z',
    });
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)[1]).toHaveTextContent('Refund helper'));
    expect(entryCheckboxes(history)[1]).toHaveAccessibleName(new RegExp(`^Select invoke saved to file Refund helper \\(${AGENT}\\) at `));
    expect(entryButtons(history)[0]).toHaveTextContent(/invoke save failed/);
    expect(entryButtons(history)[0]).toHaveTextContent(/network/);
  });

  it('opens with its status, headers and timing, and where the body went instead of a body; Replay sends the invoke again', async () => {
    const fake = new FakeApi();
    await seedInvokeThenSave(fake);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
    await user.click(entryButtons(history)[0]!);
    const response = await within(panel()).findByRole('region', { name: 'Response' });
    expect(within(response).getByRole('note')).toHaveTextContent(
      `The answer was saved to ${SAVED_PATH} (73400320 bytes). It was not read, so it is not shown here.`,
    );
    expect(response).toHaveTextContent('200 OK');
    expect(response).toHaveTextContent(/round trip\s*4,321 ms/);
    expect(within(response).getByRole('table', { name: /Phases/ })).toBeInTheDocument();
    await user.click(within(response).getByText('Response headers (2)'));
    expect(within(response).getByText('req-42')).toBeInTheDocument();
    for (const name of ['Pin', 'Export report', 'Copy as Markdown', 'Delete'])
      expect(within(panel()).getByRole('button', { name })).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Replay' }));
    const agents = screen.getByRole('tabpanel', { name: 'Agents' });
    const tab = within(agents).getByRole('tabpanel');
    expect(within(tab).getByRole('combobox', { name: /Agent/ })).toHaveValue(AGENT);
    expect(within(tab).getByRole('textbox', { name: /^Text/ })).toHaveValue('What is the refund policy?');
  });

  it('compares with an invoke: what both have, and says the body went to a file', async () => {
    const fake = new FakeApi();
    await seedInvokeThenSave(fake);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(2));
    // The invoke (older, listed second) ticked first: it is entry 1.
    await user.click(entryCheckboxes(history)[1]!);
    await user.click(entryCheckboxes(history)[0]!);
    await user.click(within(history).getByRole('button', { name: 'Compare' }));
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    await waitFor(() => expect(comparison).not.toHaveAttribute('aria-busy'));
    expect(comparison).toHaveTextContent(
      `Entry 2's body went to a file, unread, so its answer is not compared: Saved to ${SAVED_PATH} (73400320 bytes).`,
    );
    const facts = within(comparison).getByRole('table', { name: 'Request and outcome' });
    const row = (name: string) => within(facts).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('Kind')).toHaveTextContent(/invoke\s*invoke saved to file/);
    expect(row('Agent')).toHaveTextContent(new RegExp(`${AGENT}\\s*${AGENT}\\s*same`));
    expect(row('Status')).toHaveTextContent(/200 OK\s*200 OK\s*same/);
    expect(row('Contract check')).toHaveTextContent(/passed\s*not checked \(the body went to a file, unread\)/);
    // The request text is compared; the answer is only in entry 1.
    expect(within(comparison).getByText(/Text: the same in both/)).toBeInTheDocument();
    expect(comparison).toHaveTextContent('Refunds take five days.');
    expect(comparison).toHaveTextContent(`No answer: the body went to a file, unread. Saved to ${SAVED_PATH} (73400320 bytes).`);
    const timing = within(comparison).getByRole('table', { name: 'Timing side by side' });
    expect(within(timing).getByRole('rowheader', { name: 'Round trip' }).closest('tr')).toHaveTextContent(/871 ms\s*4,321 ms/);
  });
});
