import { screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi, okInvoke } from '../../../../support/fakeApi';
import { AGENT, entryButtons, entryCheckboxes, openHistory, SANDBOX, useHistoryLayout } from './historyHarness';

useHistoryLayout();

/** Two invokes: the older (listed second) answers `older`, the newer (listed first) `newer`. */
async function seedPair(fake: FakeApi, older: string, newer: string) {
  await fake.history.record({
    exchange: {
      what: 'invoke',
      request: { agentId: AGENT, text: 'What is the refund policy?', payload: { order: 'A-17', tier: 'gold' } },
      result: okInvoke(older),
    },
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:00:00.000Z',
  });
  await fake.history.record({
    exchange: {
      what: 'invoke',
      request: { agentId: AGENT, text: 'What is the return policy?', payload: { order: 'A-18', locale: 'de' } },
      result: okInvoke(newer, { duration: '1.2s', ms: 1200, token: 'tok' }),
    },
    profile: SANDBOX,
    recordedAt: '2026-11-20T08:01:00.000Z',
  });
}

/** Opens History on `fake`, ticks the entries at `indexes` (in that order) and returns the bar. */
async function select(fake: FakeApi, indexes: number[], expected = 2) {
  const opened = await openHistory(fake);
  await waitFor(() => expect(entryCheckboxes(opened.history)).toHaveLength(expected));
  for (const index of indexes) await opened.user.click(entryCheckboxes(opened.history)[index]!);
  const bar = within(opened.history).getByRole('group', { name: 'Selected entries' });
  return { ...opened, bar, compare: within(bar).getByRole('button', { name: 'Compare' }) };
}

const panel = () => screen.getByRole('tabpanel', { name: 'History' });

describe('History: Compare', () => {
  it('is usable with exactly two entries selected, and says why otherwise', async () => {
    const fake = new FakeApi();
    await seedPair(fake, 'One.', 'Two.');
    await fake.history.record({
      exchange: { what: 'invoke', request: { agentId: AGENT, text: 'x', payload: {} }, result: okInvoke('Three.') },
      profile: SANDBOX,
      recordedAt: '2026-11-20T08:02:00.000Z',
    });
    const { user, history, bar, compare } = await select(fake, [0], 3);
    expect(compare).toBeDisabled();
    expect(compare).toHaveAccessibleDescription('Select two entries to compare.');
    expect(bar).toHaveTextContent('Select two entries to compare.');
    await user.click(entryCheckboxes(history)[1]!);
    expect(compare).toBeEnabled();
    expect(bar).not.toHaveTextContent('Select two entries');
    await user.click(entryCheckboxes(history)[2]!);
    expect(compare).toBeDisabled();
    expect(compare).toHaveAccessibleDescription('Select two entries to compare (3 are selected).');
  });

  it('shows the comparison in place of the opened entry: request differences, the answers word by word as text, timing side by side', async () => {
    const fake = new FakeApi();
    await seedPair(fake, 'Refunds take <b>five</b> days.', 'Refunds take <b>ten</b> days.');
    // The older one ticked first: it is entry 1.
    const { user, compare } = await select(fake, [1, 0]);
    await user.click(compare);
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    expect(within(panel()).queryByRole('region', { name: /^Response/ })).toBeNull();
    await waitFor(() => expect(comparison).not.toHaveAttribute('aria-busy'));

    const answerFirst = within(comparison).getByRole('group', { name: 'Answer, entry 1' });
    const answerSecond = within(comparison).getByRole('group', { name: 'Answer, entry 2' });
    expect(within(answerFirst).getByText('five', { selector: 'del' })).toBeInTheDocument();
    expect(within(answerSecond).getByText('ten', { selector: 'ins' })).toBeInTheDocument();
    expect(answerFirst.querySelector('ins')).toBeNull();
    // Untrusted text stays text: the <b> of the answer is shown, not made bold.
    expect(answerFirst).toHaveTextContent('<b>');
    expect(comparison.querySelector('b')).toBeNull();
    // Screen readers hear which is which, not only a colour.
    expect(answerFirst).toHaveTextContent('[− removed: five]');
    expect(answerSecond).toHaveTextContent('[+ added: ten]');
    expect(within(comparison).getByText(/Words only in entry 1 are/)).toBeInTheDocument();

    const text = within(comparison).getByRole('group', { name: 'Text, entry 1' });
    expect(within(text).getByText('refund', { selector: 'del' })).toBeInTheDocument();

    const payload = within(comparison).getByRole('table', { name: 'Payload, key by key' });
    const row = (name: string) => within(payload).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('order')).toHaveTextContent(/changed\s*"A-17"\s*"A-18"/);
    expect(row('tier')).toHaveTextContent(/only in entry 1\s*"gold"\s*—/);
    expect(row('locale')).toHaveTextContent(/only in entry 2\s*—\s*"de"/);

    const facts = within(comparison).getByRole('table', { name: 'Request and outcome' });
    expect(within(facts).getByRole('rowheader', { name: 'Token' }).closest('tr')).toHaveTextContent(/absent\s*present\s*differs/);
    expect(within(facts).getByRole('rowheader', { name: 'Status' }).closest('tr')).toHaveTextContent(/200 OK\s*200 OK\s*same/);

    const timing = within(comparison).getByRole('table', { name: 'Timing side by side' });
    const timingRow = (name: string) => within(timing).getByRole('rowheader', { name }).closest('tr')!;
    expect(timingRow('Server duration (as sent)')).toHaveTextContent(/850ms\s*1.2s/);
    expect(timingRow('Server duration')).toHaveTextContent(/850 ms\s*1,200 ms\s*\+350 ms/);
    expect(timingRow('Round trip')).toHaveTextContent(/871 ms\s*871 ms\s*0 ms/);
    expect(timingRow('Wait (to first byte)')).toHaveTextContent(/10.8 ms\s*10.8 ms/);
  });

  it('moves focus to the comparison, closes with Escape or Close comparison, and gives focus back to Compare', async () => {
    const fake = new FakeApi();
    await seedPair(fake, 'One.', 'Two.');
    const { user, history, compare } = await select(fake, [0, 1]);
    await user.click(entryButtons(history)[0]!);
    expect(await within(panel()).findByRole('region', { name: /^Response/ })).toBeInTheDocument();
    compare.focus();
    await user.keyboard('{Enter}');
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    expect(within(comparison).getByRole('heading', { name: 'Comparison' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(panel()).queryByRole('region', { name: 'Comparison' })).toBeNull();
    expect(within(panel()).getByRole('region', { name: /^Response/ })).toBeInTheDocument();
    expect(compare).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await within(panel()).findByRole('region', { name: 'Comparison' });
    await user.click(within(again).getByRole('button', { name: 'Close comparison' }));
    expect(within(panel()).queryByRole('region', { name: 'Comparison' })).toBeNull();
    expect(compare).toHaveFocus();
  });

  it('ends the comparison when an entry is opened from the list', async () => {
    const fake = new FakeApi();
    await seedPair(fake, 'One.', 'Two.');
    const { user, history, compare } = await select(fake, [0, 1]);
    await user.click(compare);
    await within(panel()).findByRole('region', { name: 'Comparison' });
    await user.click(entryButtons(history)[1]!);
    expect(await within(panel()).findByRole('region', { name: /^Response/ })).toHaveTextContent('One.');
    expect(within(panel()).queryByRole('region', { name: 'Comparison' })).toBeNull();
  });

  it('shows two large answers side by side with a clear message instead of a word diff', async () => {
    const fake = new FakeApi();
    const big = 'refund '.repeat(20_000);
    await seedPair(fake, `${big}five`, `${big}ten`);
    const { user, compare } = await select(fake, [1, 0]);
    await user.click(compare);
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    expect(await within(comparison).findByText(/Too large to compare word by word \(140,004 characters/)).toBeInTheDocument();
    const first = within(comparison).getByRole('group', { name: 'Answer, entry 1' });
    expect(first.textContent).toBe(`${big}five`);
    expect(first.querySelector('del, ins')).toBeNull();
    expect(within(comparison).getByRole('group', { name: 'Answer, entry 2' }).textContent).toBe(`${big}ten`);
  });

  it('compares an invoke with a failed guideline fetch on what both have, saying plainly what differs', async () => {
    const fake = new FakeApi();
    await fake.history.record({
      exchange: { what: 'invoke', request: { agentId: AGENT, text: 'x', payload: {} }, result: okInvoke('Fine.') },
      profile: SANDBOX,
      recordedAt: '2026-11-20T08:00:00.000Z',
    });
    await fake.history.record({
      exchange: {
        what: 'guideline',
        request: { guidelineId: 'escalation' },
        result: {
          ok: false,
          error: {
            code: 'http_status',
            message: 'No such guideline.',
            exchange: exchange({ method: 'GET', status: 404, statusText: 'Not Found' }),
          },
        },
      },
      profile: SANDBOX,
      recordedAt: '2026-11-20T08:01:00.000Z',
    });
    const { user, compare } = await select(fake, [1, 0]);
    await user.click(compare);
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    const notes = await within(comparison).findByRole('list', { name: 'Summary' });
    expect(notes).toHaveTextContent(/entry 2 a guideline fetch \(failed\) of escalation: they ask different things/);
    expect(notes).toHaveTextContent('Entry 1 succeeded (200 OK); entry 2 failed (http_status: No such guideline.).');
    const facts = within(comparison).getByRole('table', { name: 'Request and outcome' });
    expect(within(facts).getByRole('rowheader', { name: 'Status' }).closest('tr')).toHaveTextContent(/200 OK\s*404 Not Found\s*differs/);
    expect(within(comparison).queryByRole('table', { name: 'Payload, key by key' })).toBeNull();
  });
  it('compares two guideline fetches by name, description and content, word by word, the markdown as text', async () => {
    const fake = new FakeApi();
    const guideline = (content: string, at: string) =>
      fake.history.record({
        exchange: {
          what: 'guideline',
          request: { guidelineId: 'escalation' },
          result: {
            ok: true,
            value: {
              guideline: { name: 'Escalation policy', description: 'When to escalate.', content },
              exchange: exchange({ method: 'GET' }),
            },
          },
        },
        profile: SANDBOX,
        recordedAt: at,
      });
    await guideline('Call **Ops** within an hour.', '2026-11-20T08:00:00.000Z');
    await guideline('Call **Ops** within a day.', '2026-11-20T08:01:00.000Z');
    const { user, compare } = await select(fake, [1, 0]);
    await user.click(compare);
    const comparison = await within(panel()).findByRole('region', { name: 'Comparison' });
    const content = await within(comparison).findByRole('group', { name: 'Content, entry 1' });
    expect(content).toHaveTextContent('Call **Ops** within [− removed: an hour].');
    expect(within(comparison).getByRole('group', { name: 'Content, entry 2' })).toHaveTextContent('Call **Ops** within [+ added: a day].');
    expect(comparison.querySelector('strong')).toBeNull();
    expect(within(comparison).getByRole('list', { name: 'Summary' })).toHaveTextContent('Name: the same in both.');
    expect(within(comparison).getByRole('table', { name: 'Request and outcome' })).toHaveTextContent(
      /Guideline\s*escalation\s*escalation\s*same/,
    );
  });
});
