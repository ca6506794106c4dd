import { MutationObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { guidelineQuery } from '../../../../../../renderer/features/guidelines/queries/guideline';
import { queryKeys } from '../../../../../../renderer/features/history/queries/keys';
import { knownAgentsQuery } from '../../../../../../renderer/features/catalog/queries/knownLists';
import { profilesQuery, selectProfileMutation } from '../../../../../../renderer/features/profile/queries/profiles';
import { customProfile, FakeApi } from '../../../../../support/fakeApi';

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
