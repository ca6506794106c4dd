import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady, responseRegion } from '../../renderApp';

/**
 * Ctrl/Cmd+Enter sends the request of the tab focus is in, from anywhere in that tab (the
 * end-to-end layout spec presses it from each field in Chromium), and never from a dialog
 * opened over the tabs, where it would start a possibly billed run the person cannot see.
 */
describe('the invoke shortcut', () => {
  it('sends from the request tab in the tab strip and from the Response beside the form', async () => {
    const fake = new FakeApi();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'typed-agent');
    fireEvent.keyDown(within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab')[0]!, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));

    await within(responseRegion()).findByRole('tab', { name: 'Answer' });
    fireEvent.keyDown(within(responseRegion()).getByRole('tab', { name: 'Answer' }), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(2));
  });

  it('does not send from the Agent catalog dialog', async () => {
    const fake = new FakeApi();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'typed-agent');
    await user.click(screen.getByRole('button', { name: 'Agent catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agent catalog' });
    const field = within(dialog).getAllByRole('textbox')[0]!;
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    // The same key in the form right after does send: had the first one sent, there would be two calls.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text' }), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    await within(responseRegion()).findByRole('tab', { name: 'Answer' });
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });
});
