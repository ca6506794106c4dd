import { screen, waitFor, within } from '@testing-library/react';
import type { CatalogAgent } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

const CUSTOM_ID = '9a9a9a9a-0000-4000-8000-000000000001';

function entry(overrides: Partial<CatalogAgent> = {}): CatalogAgent {
  return {
    agentId: CUSTOM_ID,
    name: 'Refund helper',
    notes: 'Staging only.',
    tags: ['billing'],
    placeholders: ['order_id'],
    learnedKeys: ['order_id', 'reason'],
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

async function openCatalog(user: Awaited<ReturnType<typeof renderReady>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Agent catalog' }));
  return screen.getByRole('dialog', { name: 'Agent catalog' });
}

describe('agent catalog', () => {
  it('adds the agent in the Agent field as a new entry, then edits and deletes it', async () => {
    const { user, fake } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    let dialog = await openCatalog(user);

    expect(within(dialog).getByRole('textbox', { name: 'Agent id' })).toHaveValue(CUSTOM_ID);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Refund helper');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Staging only.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'billing, beta');
    await user.type(within(dialog).getByRole('textbox', { name: 'Placeholders' }), '{{order_id}, reason');
    await user.click(within(dialog).getByRole('button', { name: 'Add to catalog' }));

    expect(fake.callsOf('saveCatalogAgent')).toEqual([
      {
        agentId: CUSTOM_ID,
        name: 'Refund helper',
        notes: 'Staging only.',
        tags: ['billing', 'beta'],
        placeholders: ['order_id', 'reason'],
      },
    ]);
    const list = within(dialog).getByRole('list', { name: 'Catalog entries' });
    expect(await within(list).findByRole('button', { name: /Refund helper/ })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Agent id' })).toBeDisabled();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Refunds');
    await user.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(fake.catalog[0]?.name).toBe('Refunds'));

    await user.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(fake.callsOf('deleteCatalogAgent')).toEqual([{ agentId: CUSTOM_ID }]);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Refunds/ })).toBeNull());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Agent catalog' })).toHaveFocus();
    dialog = await openCatalog(user);
    expect(within(dialog).getByText('No entries yet.')).toBeInTheDocument();
  });

  it('keeps the entry when its delete is stepped back from with Keep or Escape', async () => {
    const fake = new FakeApi();
    fake.catalog = [entry()];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    const dialog = await openCatalog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    const confirm = within(dialog).getByRole('group', { name: 'Confirm delete' });
    expect(within(confirm).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete entry' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('group', { name: 'Confirm delete' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete entry' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Agent catalog' })).toBeInTheDocument();
    expect(fake.callsOf('deleteCatalogAgent')).toEqual([]);
  });

  it('opens on the agent’s entry and shows the learned placeholders', async () => {
    const fake = new FakeApi();
    fake.catalog = [entry()];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    const dialog = await openCatalog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Refund helper');
    const learned = within(dialog).getByRole('list', { name: 'Learned keys' });
    const items = within(learned).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^order_id learned placeholder/),
      expect.stringMatching(/^reason learned not confirmed/),
    ]);
    expect(within(dialog).getByText('Keys not confirmed stay on this machine: an exported workspace file leaves them out.')).toBeVisible();
  });

  it('reviews learned keys: confirms one into the placeholders, removes a typo, and saves both', async () => {
    const fake = new FakeApi();
    fake.catalog = [entry({ learnedKeys: ['order_id', 'reason', 'reasn'] })];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    const dialog = await openCatalog(user);
    const learned = within(dialog).getByRole('list', { name: 'Learned keys' });
    expect(within(learned).queryByRole('button', { name: 'Confirm order_id' })).toBeNull();

    await user.click(within(learned).getByRole('button', { name: 'Confirm reason' }));
    expect(within(dialog).getByRole('textbox', { name: 'Placeholders' })).toHaveValue('order_id, reason');
    expect(within(learned).queryByRole('button', { name: 'Confirm reason' })).toBeNull();
    await user.click(within(learned).getByRole('button', { name: 'Remove reasn' }));
    expect(within(learned).queryByText('reasn')).toBeNull();
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 learned key is removed when you save the entry.');
    expect(fake.callsOf('saveCatalogAgent')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() =>
      expect(fake.catalog[0]).toMatchObject({ placeholders: ['order_id', 'reason'], learnedKeys: ['order_id', 'reason'] }),
    );
    expect(fake.callsOf('saveCatalogAgent')[0]).toMatchObject({ learnedKeys: ['order_id', 'reason'] });
  });

  it('flags a learned key the agent’s placeholders lack until the user confirms it', async () => {
    const fake = new FakeApi();
    // The platform answered a request with the typo "reasn": the host learned it.
    fake.catalog = [entry({ learnedKeys: ['order_id', 'reasn'] })];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await user.clear(payload);
    await user.click(payload);
    await user.paste('{"order_id": "1", "reasn": "late"}');
    const flagged = screen.getByText('Learned, not confirmed (check the spelling):').parentElement!;
    expect(flagged).toHaveTextContent('reasn');
    expect(screen.queryByText('New keys, not known for this agent:')).toBeNull();

    await user.click(within(flagged).getByRole('button', { name: 'Confirm reasn' }));
    expect(fake.callsOf('saveCatalogAgent')).toEqual([
      { agentId: CUSTOM_ID, name: 'Refund helper', notes: 'Staging only.', tags: ['billing'], placeholders: ['order_id', 'reasn'] },
    ]);
    await waitFor(() => expect(screen.queryByText('Learned, not confirmed (check the spelling):')).toBeNull());
  });

  it('a Sandbox agent’s own placeholders count as confirmed', async () => {
    const fake = new FakeApi();
    const known = (await fake.listKnownAgents())[0]!;
    const placeholder = known.placeholders[0]!;
    fake.catalog = [entry({ agentId: known.id, name: '', placeholders: [], learnedKeys: [placeholder, 'tpyo'] })];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), known.id);
    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await user.clear(payload);
    await user.click(payload);
    await user.paste(JSON.stringify({ [placeholder]: 'x', tpyo: 'y' }));
    const flagged = screen.getByText('Learned, not confirmed (check the spelling):').parentElement!;
    expect(flagged).toHaveTextContent(/tpyo/);
    expect(flagged).not.toHaveTextContent(placeholder);
  });

  it('suggests catalog agents in the Agent field and lists them to pick', async () => {
    const fake = new FakeApi();
    fake.catalog = [entry()];
    const { user } = await renderReady(fake);
    const agent = screen.getByRole('combobox', { name: 'Agent' }) as HTMLInputElement;
    await waitFor(() => expect([...(agent.list?.options ?? [])].map((option) => option.value)).toContain(CUSTOM_ID));
    expect([...(agent.list?.options ?? [])].map((option) => option.value)).toContain('11111111-1111-4111-8111-111111111111');

    const catalogList = screen.getByRole('region', { name: 'Your catalog' });
    await user.click(within(catalogList).getByRole('button', { name: 'Refund helper' }));
    expect(agent).toHaveValue(CUSTOM_ID);
    expect(screen.getByText('Known agent: Refund helper')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Refund helper' })).toBeInTheDocument();
  });

  it('uses the catalog’s placeholders and learned keys for the missing and new key hints', async () => {
    const fake = new FakeApi();
    fake.catalog = [entry()];
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await user.clear(payload);
    await user.click(payload);
    await user.paste('{"reason": "late", "extra": 1}');
    expect(screen.getByText('Missing placeholders:').parentElement).toHaveTextContent(/order_id$/);
    expect(screen.getByText('New keys, not known for this agent:').parentElement).toHaveTextContent(/extra$/);
  });

  it('refreshes the catalog after an answered invoke, so newly learned keys appear', async () => {
    const fake = new FakeApi();
    const { user } = await renderReady(fake);
    const before = fake.callsOf('listCatalog').length;
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), CUSTOM_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('listCatalog').length).toBeGreaterThan(before));
  });
});
