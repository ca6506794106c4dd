import { MutationObserver } from '@tanstack/react-query';
import { catalogKey, catalogQuery, saveCatalogAgentMutation } from '../../../../../../renderer/features/catalog/queries/catalog';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { invokeMutation } from '../../../../../../renderer/features/invoke/queries/invoke';
import { workspaceQuery } from '../../../../../../renderer/features/workspace/queries/workspace';
import { FakeApi } from '../../../../../support/fakeApi';

describe('workbench queries', () => {
  it('key the catalog by method and active profile, and the workspace by method', () => {
    const fake = new FakeApi();
    expect(catalogQuery(fake, 'p1').queryKey).toEqual(['listCatalog', { profileId: 'p1' }]);
    expect(workspaceQuery(fake).queryKey).toEqual(['loadWorkspace']);
  });

  it('store the catalog the host answers a save with, under the profile it was saved for', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    const input = { agentId: 'a', name: 'A', notes: '', tags: [], placeholders: ['x'] };
    await new MutationObserver(client, saveCatalogAgentMutation(fake)).mutate({ profileId: 'p1', request: input });
    expect(client.getQueryData(catalogKey('p1'))).toEqual([{ ...input, learnedKeys: [], updatedAt: expect.any(String) }]);
  });

  it('mark the catalog stale after an answered invoke (the host learns its keys)', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    await client.fetchQuery(catalogQuery(fake, 'sandbox'));
    await new MutationObserver(client, invokeMutation(fake)).mutate({ agentId: 'a', text: '', payload: {}, requestId: 'r1' });
    expect(client.getQueryState(catalogKey('sandbox'))?.isInvalidated).toBe(true);
  });
});
