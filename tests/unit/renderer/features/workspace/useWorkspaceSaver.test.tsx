import { act, screen, waitFor, within } from '@testing-library/react';
import type { TabDraft } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

/**
 * Browser mode can open the app in several browser tabs, which share the drafts. Each page saves
 * only its own changes and takes the other pages' from the host's answer (see useWorkspaceSaver).
 */
const draft = (id: string, title: string, text: string): TabDraft => ({
  id,
  title,
  agentId: '',
  text,
  payloadText: '{}',
  profileId: 'sandbox',
});
const stripLabels = () =>
  within(screen.getByRole('tablist', { name: 'Requests' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
const textField = () => screen.getByRole('textbox', { name: 'Text' });

describe('request tabs shared with another page', () => {
  it('show what another page changed once this page is back in front, and keep what is typed here', async () => {
    const fake = new FakeApi();
    fake.workspace = {
      tabs: [draft('a', 'A', 'mine'), draft('b', 'B', 'theirs'), draft('c', 'C', 'closed there')],
      activeTabId: 'a',
      revision: 1,
    };
    const { user } = await renderReady(fake);

    // Another page edits B, closes C and opens D.
    await fake.saveWorkspace({
      baseRevision: 1,
      writer: 'other page',
      tabs: [draft('b', 'B', 'edited there'), draft('d', 'D', 'new there')],
      closed: ['c'],
      activeTabId: 'b',
    });
    // Meanwhile this page types in A, and comes back to the front before that is saved.
    await user.type(textField(), ' and more');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    await waitFor(() => expect(stripLabels()).toEqual(['A×', 'B×', 'D×']));
    expect(textField()).toHaveValue('mine and more');
    await user.click(screen.getByRole('tab', { name: /^B/ }));
    expect(textField()).toHaveValue('edited there');
    await user.click(screen.getByRole('tab', { name: /^D/ }));
    expect(textField()).toHaveValue('new there');
    // And the host has all of it: this page's typing, the other page's edit and new tab.
    await waitFor(() =>
      expect(fake.workspace.tabs.map((tab) => `${tab.id}:${tab.text}`)).toEqual(['a:mine and more', 'b:edited there', 'd:new there']),
    );
  });

  it('never overwrite a tab another page added, when this page saves', async () => {
    const fake = new FakeApi();
    fake.workspace = { tabs: [draft('a', 'A', 'mine')], activeTabId: 'a', revision: 1 };
    const { user } = await renderReady(fake);
    await fake.saveWorkspace({ baseRevision: 1, writer: 'other page', tabs: [draft('d', 'D', 'new there')], closed: [], activeTabId: 'd' });

    await user.type(textField(), '!');
    await waitFor(() => expect(fake.workspace.tabs.map((tab) => `${tab.id}:${tab.text}`)).toEqual(['a:mine!', 'd:new there']));
    // The answer to that save brought D into this page too.
    await waitFor(() => expect(stripLabels()).toEqual(['A×', 'D×']));
  });
});
