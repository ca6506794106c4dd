import { render, screen, waitFor } from '@testing-library/react';
import { Root } from '../../../../renderer/app/Root';
import { seedStartup } from '../../../../renderer/app/seedStartup';
import { PayloadEditorKindContext } from '../../../../renderer/features/invoke/payload/editorChoice';
import { createQueryClient } from '../../../../renderer/host/client';
import { withStartup } from '../../../../renderer/host/startup';
import { FakeApi } from '../../../support/fakeApi';
import '../dialogPolyfill';

describe('seedStartup', () => {
  it('makes the first render the ready one, with the kept drafts, and no read asked twice', async () => {
    const fake = new FakeApi();
    fake.workspace = { tabs: [{ id: 't1', title: '', agentId: 'a', text: 'kept draft', payloadText: '{}' }], activeTabId: 't1' };
    const { api, startup } = withStartup(fake);
    const answer = await startup;
    const queryClient = createQueryClient();
    seedStartup(queryClient, api, answer!);

    const { container } = render(
      <PayloadEditorKindContext.Provider value="plain">
        <Root api={api} queryClient={queryClient} />
      </PayloadEditorKindContext.Provider>,
    );
    expect(container.querySelector('[data-app-state="ready"]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('kept draft');
    // The reads a mounted query makes again are answered from the same startup answer.
    await waitFor(() => expect(fake.callsOf('getAppInfo')).toHaveLength(1));
    for (const method of ['listProfiles', 'loadWorkspace', 'listKnownAgents', 'listKnownGuidelines'] as const)
      expect(fake.callsOf(method), method).toHaveLength(0);
  });
});
