import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';

vi.mock('../../../../renderer/host', () => ({ connectHost: async () => ({ ok: false, reason: 'no_session' }) }));

describe('main.tsx without a host', () => {
  it('asks for the address from the terminal, names no command, and marks the root as an error', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await act(async () => {
      await import('../../../../renderer/app/main');
    });
    const root = document.getElementById('root');
    await waitFor(() => expect(root).toHaveAttribute('data-app-state', 'error'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page needs an address from Agent Explorer: open the newest address it printed in its terminal.');
    expect(alert.textContent).not.toMatch(/`|npm/);
  });
});
