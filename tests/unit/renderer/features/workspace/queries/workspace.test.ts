import { MutationObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { saveWorkspaceMutation, workspaceKey } from '../../../../../../renderer/features/workspace/queries/workspace';
import { FakeApi } from '../../../../../support/fakeApi';

describe('workbench queries', () => {
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
