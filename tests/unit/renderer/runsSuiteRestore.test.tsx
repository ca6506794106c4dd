import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderReady } from './renderApp';
import { AGENT, runsRegion } from './features/runs/runsSuiteHarness';

beforeEach(() => localStorage.clear());

/**
 * The suite an edit went into is kept to restore when another replaces it, even when the
 * replacement is itself replaced before it was touched (a second press of New suite from
 * request tab must not make the person's own suite unreachable).
 */
describe('Runs: Restore the previous suite', () => {
  it('restores the edited suite after New suite from request tab was pressed twice', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Where is my order?');
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    const runs = await screen.findByRole('region', { name: 'Runs' });
    await user.type(within(runs).getByRole('textbox', { name: 'Suite name' }), 'my work');

    await user.click(within(runsRegion()).getByRole('button', { name: 'New suite from request tab' }));
    await user.click(within(runsRegion()).getByRole('button', { name: 'New suite from request tab' }));
    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).not.toHaveValue('my work'));

    await user.click(within(runsRegion()).getByRole('button', { name: 'Restore the previous suite' }));
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('my work');
  });
});
