import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { entryButtons, openHistory, seed, useHistoryLayout } from '../history/historyHarness';

/** The retention setting in the Settings dialog, and what it does to the History list. */

useHistoryLayout();

async function openSettings(fake: FakeApi) {
  const opened = await openHistory(fake);
  await opened.user.click(screen.getByRole('button', { name: 'Settings' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('the history retention setting', () => {
  it('keeps everything by default, and saves "the last 2 entries", after which the list shows 2', async () => {
    const fake = new FakeApi();
    await seed(fake, 4);
    const { dialog, history, user } = await openSettings(fake);
    const keep = within(dialog).getByRole('combobox', { name: 'Keep history' });
    expect(keep).toHaveValue('all');
    expect(keep).toHaveAccessibleDescription('Every exchange is kept until you delete it.');
    await user.selectOptions(keep, 'The last N entries');
    const amount = within(dialog).getByRole('textbox', { name: 'Entries to keep' });
    expect(amount).toHaveAccessibleDescription(/Older entries are deleted when you save.*Pinned entries are always kept/);
    await user.type(amount, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('updateSettings')).toEqual([{ historyRetention: { kind: 'entries', count: 2 } }]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
  });

  it('says beside the field what is wrong with a number that is not a whole one, or that the host refuses', async () => {
    const fake = new FakeApi();
    const { dialog, user } = await openSettings(fake);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Keep history' }), 'The last N days');
    const amount = within(dialog).getByRole('textbox', { name: 'Days to keep' });
    await user.type(amount, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Enter a whole number of days, for example 30.');
    expect(fake.callsOf('updateSettings')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Keep from 1 to 36,500 days (a whole number).'));
    expect(amount).toHaveValue('99999');
    expect(fake.settings.historyRetention).toEqual({ kind: 'all' });
  });
});
