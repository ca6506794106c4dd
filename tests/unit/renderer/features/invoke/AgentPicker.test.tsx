import { screen } from '@testing-library/react';
import { renderReady } from '../../renderApp';

describe('the known agents fold after a pick', () => {
  it('folds to one line naming the agent picked, and opens again with a click or a key', async () => {
    const { user } = await renderReady();
    expect(screen.getByRole('heading', { name: 'Known agents' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));

    // One line: the list is gone, the line names the agent, and focus is on it (the button pressed went).
    const folded = screen.getByRole('button', { name: /^Known agents/ });
    expect(folded).toHaveTextContent('Known agentsSupport reply drafterShow the list');
    expect(folded).toHaveAttribute('aria-expanded', 'false');
    expect(folded).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Known agents' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Support reply drafter' })).toBeNull();

    // Enter opens it again, with focus on the agent picked; Fold the list closes it.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Support reply drafter' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Fold the list' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Fold the list' }));
    expect(screen.getByRole('button', { name: /^Known agents/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Known agents/ }));
    expect(screen.getByRole('heading', { name: 'Known agents' })).toBeInTheDocument();
  });

  it('stays open while no agent is picked, and says so when the id typed is none of the list', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'some-other-agent');
    expect(screen.getByRole('heading', { name: 'Known agents' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fold the list' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));
    await user.clear(screen.getByRole('combobox', { name: 'Agent' }));
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'typed-by-hand');
    expect(screen.getByRole('button', { name: /^Known agents/ })).toHaveTextContent('none picked');
  });
});
