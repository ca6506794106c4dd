import { MutationObserver, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { HOST_UNREACHABLE } from '../../../renderer/host/httpApi';
import { createQueryClient } from '../../../renderer/host/client';
import { guidelineQuery } from '../../../renderer/features/guidelines/queries/guideline';
import { queryKeys } from '../../../renderer/features/history/queries/keys';
import { knownAgentsQuery, knownGuidelinesQuery } from '../../../renderer/features/catalog/queries/knownLists';
import { invokeMutation } from '../../../renderer/features/invoke/queries/invoke';
import { profilesQuery, selectProfileMutation } from '../../../renderer/features/profile/queries/profiles';
import { customProfile, FakeApi } from '../../support/fakeApi';
import { unreachableHost } from '../../support/unreachableHost';

function fakeWithTwoProfiles() {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId: 'sandbox',
    profiles: [
      ...fake.profiles.profiles,
      customProfile('prod', {
        name: 'Production',
        baseUrl: 'https://api.example.com',
        key: { set: true, storage: 'keychain', note: null },
      }),
    ],
  };
  return fake;
}

describe('query keys', () => {
  it('start with the contract method and carry its argument and the profile id', () => {
    const fake = new FakeApi();
    expect(profilesQuery(fake).queryKey).toEqual(['listProfiles']);
    expect(knownAgentsQuery(fake, 'p1').queryKey).toEqual(['listKnownAgents', { profileId: 'p1' }]);
    expect(knownGuidelinesQuery(fake, 'p1').queryKey).toEqual(['listKnownGuidelines', { profileId: 'p1' }]);
    expect(guidelineQuery(fake, 'p1', 'g1').queryKey).toEqual(['getGuideline', { guidelineId: 'g1' }, { profileId: 'p1' }]);
  });

  it('never retry: a host that cannot be reached is asked once', async () => {
    const { api, calls } = unreachableHost();
    const client = createQueryClient();
    const invoke = new MutationObserver(client, invokeMutation(api));
    await expect(invoke.mutate({ agentId: 'a', text: '', payload: {}, requestId: 'r1' })).rejects.toThrow(HOST_UNREACHABLE);
    // An observer takes the client's defaults (fetchQuery would set its own retry).
    const guideline = new QueryObserver(client, guidelineQuery(api, 'p1', 'g1'));
    const failed = await new Promise<QueryObserverResult>((resolve) => {
      const stop = guideline.subscribe((result) => {
        if (result.status === 'error') resolve(result);
        if (result.status === 'error') stop();
      });
    });
    expect(failed.failureCount).toBe(1);
    expect(calls).toEqual(['invokeAgent', 'getGuideline']);
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(false);
  });
});

describe('selectProfile', () => {
  it('stores the new state and marks profile-dependent answers stale', async () => {
    const fake = fakeWithTwoProfiles();
    const client = createQueryClient();
    await client.fetchQuery(profilesQuery(fake));
    await client.fetchQuery(knownAgentsQuery(fake, 'sandbox'));
    await client.fetchQuery(guidelineQuery(fake, 'sandbox', 'g1'));

    await new MutationObserver(client, selectProfileMutation(fake)).mutate({ profileId: 'prod' });

    expect(client.getQueryData(profilesQuery(fake).queryKey)?.activeProfileId).toBe('prod');
    expect(client.getQueryState(queryKeys.knownAgents('sandbox'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.guideline({ guidelineId: 'g1' }, 'sandbox'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.profiles())?.isInvalidated).toBe(false);
  });

  it('changes nothing when the host refuses the switch', async () => {
    const fake = fakeWithTwoProfiles();
    const client = createQueryClient();
    await client.fetchQuery(profilesQuery(fake));
    await client.fetchQuery(knownAgentsQuery(fake, 'sandbox'));
    const result = await new MutationObserver(client, selectProfileMutation(fake)).mutate({ profileId: 'nope' });
    expect(result.ok).toBe(false);
    expect(client.getQueryData(profilesQuery(fake).queryKey)?.activeProfileId).toBe('sandbox');
    expect(client.getQueryState(queryKeys.knownAgents('sandbox'))?.isInvalidated).toBe(false);
  });
});
