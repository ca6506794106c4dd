import { waitFor } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { entryButtons, entryCheckboxes, openHistory, seed, useHistoryLayout } from './historyHarness';

/**
 * The History list is one tab stop (a checkbox and its entry) and the arrow keys move within
 * it. The tab stop stayed on the opened (or first) entry while the arrows moved focus: from the
 * third entry, Shift+Tab went back up to the first entry instead of the third one's checkbox,
 * and Tab out and back in lost the place. The tab stop follows focus, as a roving tab index does.
 */

useHistoryLayout();

describe('the History list tab stop', () => {
  it('follows the arrow keys: the focused entry and its checkbox are the tab stop', async () => {
    const fake = new FakeApi();
    await seed(fake, 5);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(5));
    entryButtons(history)[0]!.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(entryButtons(history)[2]).toHaveFocus();
    expect(entryButtons(history).map((button) => button.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    expect(entryCheckboxes(history).map((box) => box.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(entryCheckboxes(history)[2]).toHaveFocus();
    await user.keyboard(' ');
    expect(entryCheckboxes(history)[2]).toBeChecked();
  });
});
