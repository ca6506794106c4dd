import { screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi } from '../../../../support/fakeApi';
import { AGENT, entryButtons, entryCheckboxes, invokeExchange, openHistory, SANDBOX, seed, useHistoryLayout } from './historyHarness';
import { fakeWithProduction } from '../../profileDialog';

useHistoryLayout();

describe('History', () => {
  it('lists entries newest first, under day headings, with time, kind, target, profile, status and round trip', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
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
      recordedAt: '2026-11-21T09:00:00.000Z',
    });
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(4));
    const [first, second] = entryButtons(history);
    // What was asked (target, profile) first, then when and how it went (time, kind, status).
    expect(first).toHaveTextContent(/^escalation\s+Sandbox\s.*\sguideline failed\s+404/);
    expect(second).toHaveTextContent(/invoke/);
    // The app knows this agent (a Sandbox-style known agent): its name shows, its id is the tooltip.
    expect(second).toHaveTextContent('Support reply drafter');
    expect(within(second!).getByTitle(`Agent id: ${AGENT}`)).toBeInTheDocument();
    expect(second).toHaveTextContent('200');
    expect(second).toHaveTextContent(/871/);
    expect(within(history).getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it("names a guideline entry by the person's title for it in the library, with the id in the tooltip", async () => {
    const fake = new FakeApi();
    await fake.library.add('sandbox', ['kb-7'], '2026-11-20T08:00:00.000Z');
    await fake.library.setLabels('sandbox', 'kb-7', { title: 'Refunds, by country', tags: [] });
    await fake.history.record({
      exchange: {
        what: 'guideline',
        request: { guidelineId: 'kb-7' },
        result: { ok: false, error: { code: 'http_status', message: 'Down.', exchange: exchange({ method: 'GET', status: 503 }) } },
      },
      profile: SANDBOX,
      recordedAt: '2026-11-21T09:00:00.000Z',
    });
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    const [entry] = entryButtons(history);
    await waitFor(() => expect(entry).toHaveTextContent('Refunds, by country'));
    expect(within(entry!).getByTitle('Guideline id: kb-7')).toBeInTheDocument();
  });

  it('renders only a window of a 500-entry list, read a page of 100 at a time', async () => {
    const fake = new FakeApi();
    await seed(fake, 500);
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history).length).toBeGreaterThan(0));
    expect(entryButtons(history).length).toBeLessThan(60);
    expect(within(history).getAllByRole('listitem').length).toBeLessThan(60);
    const firstPage = fake.calls.find((call) => call.method === 'listHistory');
    expect(firstPage?.argument).toMatchObject({ limit: 100 });
  });

  it('asks for the next page, older than the last entry it has, when the list is scrolled to its end', async () => {
    const fake = new FakeApi();
    await seed(fake, 500);
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history).length).toBeGreaterThan(0));
    expect(
      fake.calls.some((call) => call.method === 'listHistory' && (call.argument as { beforeId?: number }).beforeId !== undefined),
    ).toBe(false);
    const scroller = history.querySelector<HTMLElement>('.history-scroller')!;
    scroller.scrollTop = 100 * 52;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() =>
      expect(fake.calls.some((call) => call.method === 'listHistory' && (call.argument as { beforeId?: number }).beforeId === 401)).toBe(
        true,
      ),
    );
    // The second page joined the list: it is now as tall as 200 rows.
    const list = within(history).getByRole('list', { name: 'History entries' });
    await waitFor(() => expect(parseInt(list.style.height, 10)).toBeGreaterThanOrEqual(200 * 52));
  });

  it('filters by error code', async () => {
    const fake = new FakeApi();
    await seed(fake, 2);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
    await user.selectOptions(within(history).getByRole('combobox', { name: 'Error code' }), 'timeout');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
    expect(within(history).getByRole('status')).toHaveTextContent('Nothing matches.');
  });

  it('filters by agent id and by a date range, to the end of the last day', async () => {
    const fake = new FakeApi();
    await seed(fake, 2);
    await fake.history.record({ exchange: invokeExchange('Later.'), profile: SANDBOX, recordedAt: '2026-11-22T12:00:00.000Z' });
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.type(within(history).getByLabelText('From'), '2026-11-21');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    await user.type(within(history).getByLabelText('To'), '2026-11-22');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    const last = fake.calls.filter((call) => call.method === 'listHistory').at(-1)!.argument as { from?: string; to?: string };
    expect(last.from).toBe(new Date('2026-11-21T00:00:00').toISOString());
    expect(last.to).toBe(new Date('2026-11-23T00:00:00').toISOString());
    await user.type(within(history).getByRole('textbox', { name: 'Agent or guideline id' }), 'someone-else');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
  });

  it('moves between entries with the arrow keys and marks the opened one', async () => {
    const fake = new FakeApi();
    await seed(fake, 5);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(5));
    // One tab stop for the whole list.
    expect(entryButtons(history).filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.click(entryButtons(history)[0]!);
    expect(entryButtons(history)[0]).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowDown}');
    expect(entryButtons(history)[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(entryButtons(history)[1]).toHaveAttribute('aria-current', 'true');
    expect(entryButtons(history)[0]).not.toHaveAttribute('aria-current');
    expect(entryButtons(history)[1]).toHaveAttribute('tabindex', '0');
    await user.keyboard('{End}');
    expect(entryButtons(history)[4]).toHaveFocus();
  });

  it('searches after 3 characters and shows the matching passage highlighted, as text', async () => {
    const fake = new FakeApi();
    await seed(fake, 20, 'Refunds take <b>five</b> days.');
    const { history, user } = await openHistory(fake);
    const box = within(history).getByRole('searchbox', { name: 'Search history' });
    await user.type(box, 'fi');
    expect(within(history).getByRole('status')).toHaveTextContent('Type at least 3 characters to search.');
    await user.type(box, 've');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    const hit = entryButtons(history)[0]!;
    expect(within(hit).getByText('five', { selector: 'mark' })).toBeInTheDocument();
    expect(hit).toHaveTextContent('<b>five</b>');
    expect(hit.querySelector('b')).toBeNull();
    expect(
      fake.calls.filter((call) => call.method === 'searchHistory').every((call) => (call.argument as { text: string }).text.length >= 3),
    ).toBe(true);
  });

  it('filters by kind', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.selectOptions(within(history).getByRole('combobox', { name: 'Kind' }), 'failed');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
    expect(fake.calls.some((call) => call.method === 'listHistory' && (call.argument as { kind?: string }).kind === 'failed')).toBe(true);
  });

  it('opens an entry as it was answered, in the Response region', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.click(entryButtons(history)[0]!);
    const panel = screen.getByRole('tabpanel', { name: 'History' });
    const response = await within(panel).findByRole('region', { name: /^Response/ });
    expect(await within(response).findByText('Refunds take five days.')).toBeInTheDocument();
  });

  it('opens a guideline entry in the Guideline view, without Replay', async () => {
    const fake = new FakeApi();
    await fake.history.record({
      exchange: {
        what: 'guideline',
        request: { guidelineId: 'escalation' },
        result: {
          ok: true,
          value: {
            guideline: { name: 'Escalation policy', description: 'When to escalate.', content: 'Call **Ops**.' },
            exchange: exchange({ method: 'GET' }),
          },
        },
      },
      profile: SANDBOX,
      recordedAt: '2026-11-21T09:00:00.000Z',
    });
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    await user.click(entryButtons(history)[0]!);
    const panel = screen.getByRole('tabpanel', { name: 'History' });
    const guideline = await within(panel).findByRole('region', { name: 'Guideline' });
    expect(within(guideline).getByRole('heading', { name: 'Escalation policy' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Replay' })).toBeNull();
  });

  it('replays an entry into a new request tab for its profile, which names that profile before sending', async () => {
    const fake = fakeWithProduction();
    const production = { id: 'prod', name: 'Production', baseUrl: 'https://api.example.com' };
    await seed(fake, 1, 'Refunds take five days.', production);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    await user.click(entryButtons(history)[0]!);
    await user.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    const agents = screen.getByRole('tabpanel', { name: 'Agents' });
    const requestTabs = within(agents).getAllByRole('tab');
    expect(requestTabs).toHaveLength(2);
    expect(requestTabs[1]).toHaveAttribute('aria-selected', 'true');
    const panel = within(agents).getByRole('tabpanel');
    expect(within(panel).getByRole('combobox', { name: /Agent/ })).toHaveValue(AGENT);
    expect(within(panel).getByRole('textbox', { name: /^Text/ })).toHaveValue('What is the refund policy?');
    expect(within(panel).getByRole('textbox', { name: /^Payload/ })).toHaveValue(JSON.stringify({ order: 'A-17' }, null, 2));
    await user.click(within(panel).getByRole('button', { name: 'Invoke' }));
    expect(await within(panel).findByRole('group', { name: 'Which profile to send to' })).toHaveTextContent('Production');
  });

  it('selects entries with their checkboxes, in the order ticked, and clears the selection', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(3));
    expect(within(history).queryByRole('group', { name: 'Selected entries' })).toBeNull();
    const [first, , third] = entryCheckboxes(history);
    expect(first).toHaveAccessibleName(/^Select invoke Support reply drafter \(11111111-1111-4111-8111-111111111111\) at /);
    await user.click(third!);
    await user.click(first!);
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    expect(bar).toHaveTextContent('2 entries selected');
    expect(first).toBeChecked();
    expect(entryCheckboxes(history)[1]).not.toBeChecked();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(first).not.toBeChecked();
    expect(within(history).queryByRole('group', { name: 'Selected entries' })).toBeNull();
  });
});

/**
 * Entries the History section holds (the opened one, the pair compared, the ticked ones) can be
 * deleted where this page does not see it: by the retention setting, or by Delete or Clear all
 * in another browser tab on the same host. Once the list is read again, the section lets them
 * go and says so, rather than showing an entry or a comparison that no longer exists and
 * offering Export report and Compare on it (which then failed with "There is no history entry").
 */

describe('entries deleted elsewhere', () => {
  const panel = () => screen.getByRole('tabpanel', { name: 'History' });

  it('closes the opened entry and the comparison, and drops them from the selection, once the list is read again', async () => {
    const fake = new FakeApi();
    await seed(fake, 4);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(4));
    // Entries 4, 3, 2, 1 from the top: open 4, then tick 1 and 2 and compare them.
    await user.click(entryButtons(history)[0]!);
    await within(panel()).findByRole('button', { name: 'Replay' });
    await user.click(entryCheckboxes(history)[3]!);
    await user.click(entryCheckboxes(history)[2]!);
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    await user.click(within(bar).getByRole('button', { name: 'Compare' }));
    await within(panel()).findByRole('heading', { name: 'Comparison' });

    // Another browser tab deletes entries 1 and 4; this page comes back to History.
    await fake.history.delete([1, 4]);
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));

    await waitFor(() => expect(within(panel()).queryByRole('region', { name: 'Comparison' })).toBeNull());
    expect(within(panel()).getByRole('region', { name: 'Response' })).toHaveTextContent('No entry open.');
    expect(within(history).getByRole('group', { name: 'Selected entries' })).toHaveTextContent('1 entry selected');
    expect(
      within(history).getByText('2 entries you had selected or open were deleted elsewhere (another window, or the retention setting).'),
    ).toBeInTheDocument();

    // The opened one goes too when it is deleted.
    await user.click(entryButtons(history)[0]!);
    await within(panel()).findByRole('button', { name: 'Replay' });
    await fake.history.delete([3]);
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(within(panel()).getByRole('region', { name: 'Response' })).toHaveTextContent('No entry open.'));
    expect(
      within(history).getByText('1 entry you had selected or open was deleted elsewhere (another window, or the retention setting).'),
    ).toBeInTheDocument();
  });
});
