import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { exchange, FakeApi, okInvoke } from '../../../../support/fakeApi';
import { entryCheckboxes, openHistory, SANDBOX, useHistoryLayout } from '../history/historyHarness';
import { AGENT, caseGroup, OTHER_AGENT, runsRegion } from './runsSuiteHarness';

beforeEach(() => localStorage.clear());

async function seedMixed(fake: FakeApi) {
  await fake.history.record({
    exchange: { what: 'invoke', request: { agentId: AGENT, text: 'First question', payload: { order: 'A-17' } }, result: okInvoke('One.') },
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:00:00.000Z',
  });
  await fake.history.record({
    exchange: {
      what: 'guideline',
      request: { guidelineId: 'escalation' },
      result: {
        ok: false,
        error: { code: 'http_status', message: 'No such guideline.', exchange: exchange({ method: 'GET', status: 404 }) },
      },
    },
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:01:00.000Z',
  });
  await fake.history.record({
    exchange: { what: 'invoke', request: { agentId: OTHER_AGENT, text: 'Second question', payload: {} }, result: okInvoke('Two.') },
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:02:00.000Z',
  });
}

describe('History: New suite from selection', () => {
  useHistoryLayout();

  it('makes a case of each selected invoke, skips guideline entries with a note, and brings Runs to front', async () => {
    const fake = new FakeApi();
    await seedMixed(fake);
    const { user, history } = await openHistory(fake);
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(3));
    // Newest first: the second invoke, the guideline, the first invoke; ticked in the order they should run.
    for (const index of [2, 1, 0]) await user.click(entryCheckboxes(history)[index]!);
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    await user.click(within(bar).getByRole('button', { name: 'New suite from selection' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true'));
    expect(
      within(runsRegion()).getByText(/New suite with 2 cases from the History selection\. 1 entry was left out: only agent invokes/),
    ).toBeInTheDocument();
    expect(within(caseGroup(1)).getByRole('combobox', { name: 'Agent' })).toHaveValue(AGENT);
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('First question');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Payload' })).toHaveValue('{\n  "order": "A-17"\n}');
    expect(within(caseGroup(2)).getByRole('combobox', { name: 'Agent' })).toHaveValue(OTHER_AGENT);
    expect(within(caseGroup(2)).getByRole('textbox', { name: 'Text' })).toHaveValue('Second question');
    expect(within(runsRegion()).queryByRole('group', { name: /^Case 3/ })).toBeNull();
  });

  it('keeps the suite it replaced, to restore', async () => {
    const fake = new FakeApi();
    await seedMixed(fake);
    const { user, history } = await openHistory(fake);
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'my work');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(3));
    await user.click(entryCheckboxes(history)[0]!);
    await user.click(
      within(within(history).getByRole('group', { name: 'Selected entries' })).getByRole('button', { name: 'New suite from selection' }),
    );

    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('From history'));
    await user.click(within(runsRegion()).getByRole('button', { name: 'Restore the previous suite' }));
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('my work');
  });

  it('says so when no selected entry is an invoke', async () => {
    const fake = new FakeApi();
    await seedMixed(fake);
    const { user, history } = await openHistory(fake);
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(3));
    await user.click(entryCheckboxes(history)[1]!);
    await user.click(
      within(within(history).getByRole('group', { name: 'Selected entries' })).getByRole('button', { name: 'New suite from selection' }),
    );
    expect(await within(history).findByRole('alert')).toHaveTextContent('None of the selected entries is an agent invoke');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  });
});
