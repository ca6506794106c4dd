import { MutationObserver } from '@tanstack/react-query';
import { apiMutation } from '../../../renderer/host/api';
import { catalogKey, catalogQuery, saveCatalogAgentMutation } from '../../../renderer/features/catalog/queries/catalog';
import { createQueryClient } from '../../../renderer/host/client';
import { invokeMutation } from '../../../renderer/features/invoke/queries/invoke';
import { saveWorkspaceMutation, workspaceKey, workspaceQuery } from '../../../renderer/features/workspace/queries/workspace';
import { FakeApi } from '../../support/fakeApi';
import { unreachableHost } from '../../support/unreachableHost';

describe('workbench queries', () => {
  it('key the catalog by method and active profile, and the workspace by method', () => {
    const fake = new FakeApi();
    expect(catalogQuery(fake, 'p1').queryKey).toEqual(['listCatalog', { profileId: 'p1' }]);
    expect(workspaceQuery(fake).queryKey).toEqual(['loadWorkspace']);
  });

  it('never retry a cancel (useCancelRequest is this mutation): a host that cannot be reached is asked once', async () => {
    const { api, calls } = unreachableHost();
    const cancel = new MutationObserver(createQueryClient(), apiMutation(api, 'cancelRequest'));
    await expect(cancel.mutate({ requestId: 'r1' })).rejects.toThrow();
    expect(calls).toEqual(['cancelRequest']);
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

  it('keep the merged workspace the host answers as the cached one', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    const workspace = { tabs: [{ id: 't', title: '', agentId: 'a', text: '', payloadText: '{}' }], activeTabId: 't', revision: 1 };
    await new MutationObserver(client, saveWorkspaceMutation(fake)).mutate({
      baseRevision: 0,
      writer: 'w',
      tabs: workspace.tabs,
      closed: [],
      activeTabId: 't',
    });
    expect(client.getQueryData(workspaceKey())).toEqual(workspace);
    expect(fake.workspace).toEqual(workspace);
  });
});
