import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';

vi.mock('../../../renderer/host', () => ({ resolveHost: () => null }));

describe('main.tsx without a host', () => {
  it('asks for the launch address and marks the root as an error', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await act(async () => {
      await import('../../../renderer/main');
    });
    const root = document.getElementById('root');
    await waitFor(() => expect(root).toHaveAttribute('data-app-state', 'error'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page needs its launch address: open the exact URL that npm run web printed.',
    );
  });
});
