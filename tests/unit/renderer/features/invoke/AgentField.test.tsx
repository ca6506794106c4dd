import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

describe('agent id warnings', () => {
  it('says when the id is not a UUID and points at look-alike characters and spaces, then sends it trimmed', async () => {
    const { user, fake } = await renderReady(new FakeApi());
    const agent = screen.getByRole('combobox', { name: 'Agent' });
    await user.type(agent, ' 1111111\u0430-1111 4111\u20138111-111111111111 ');
    const warnings = screen.getByRole('list', { name: 'Agent id warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'This id is not a UUID (8-4-4-4-12 hex digits); platform agent ids are.',
      'Character 8 is a Cyrillic “а” (U+0430) that looks like Latin “a”.',
      'Character 14 is a space (U+0020) inside the id.',
      'Character 19 is an en dash (U+2013) that looks like “-”.',
    ]);
    expect(agent).toHaveAccessibleDescription(/Character 8 is a Cyrillic/);
    expect(screen.getByText('Spaces around the id are removed before sending.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(fake.callsOf('invokeAgent')[0]).toMatchObject({ agentId: '1111111\u0430-1111 4111\u20138111-111111111111' });
  });

  it('has nothing to say about a known UUID', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    expect(screen.queryByRole('list', { name: 'Agent id warnings' })).toBeNull();
    expect(screen.getByText('Known agent: Support reply drafter')).toBeInTheDocument();
  });
});
