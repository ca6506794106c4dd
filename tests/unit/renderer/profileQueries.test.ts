import { MutationObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../renderer/queries/client';
import { guidelineQuery } from '../../../renderer/queries/guideline';
import { queryKeys } from '../../../renderer/queries/keys';
import { knownAgentsQuery } from '../../../renderer/queries/knownLists';
import {
  createProfileMutation,
  deleteProfileMutation,
  duplicateProfileMutation,
  updateProfileMutation,
} from '../../../renderer/queries/profileEdits';
import {
  clearProfileKeyMutation,
  detectKeyPresentationMutation,
  KeyInTransit,
  setProfileKeyMutation,
} from '../../../renderer/queries/profileKey';
import { profilesQuery } from '../../../renderer/queries/profiles';
import { customProfile, FakeApi, profileInput } from '../../support/fakeApi';

async function primed() {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId: 'sandbox',
    profiles: [...fake.profiles.profiles, customProfile('prod', { name: 'Production', key: { set: true, storage: 'keychain', note: null } })],
  };
  const client = createQueryClient();
  await client.fetchQuery(profilesQuery(fake));
  await client.fetchQuery(knownAgentsQuery(fake, 'sandbox'));
  await client.fetchQuery(guidelineQuery(fake, 'sandbox', 'g1'));
  return { fake, client };
}

/** The cached profiles state, typed (the factory's key carries the data type). */
function cachedProfiles(client: ReturnType<typeof createQueryClient>) {
  return client.getQueryData(profilesQuery(new FakeApi()).queryKey);
}

function dependentsStale(client: ReturnType<typeof createQueryClient>) {
  return [
    client.getQueryState(queryKeys.knownAgents('sandbox'))?.isInvalidated,
    client.getQueryState(queryKeys.guideline({ guidelineId: 'g1' }, 'sandbox'))?.isInvalidated,
  ];
}

describe('profile mutations', () => {
  it('never retry, and are keyed by their contract method', () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    const all = [
      [createProfileMutation(fake, client), 'createProfile'],
      [updateProfileMutation(fake, client), 'updateProfile'],
      [duplicateProfileMutation(fake, client), 'duplicateProfile'],
      [deleteProfileMutation(fake, client), 'deleteProfile'],
      [setProfileKeyMutation(fake, client), 'setProfileKey'],
      [clearProfileKeyMutation(fake, client), 'clearProfileKey'],
      [detectKeyPresentationMutation(fake, client), 'detectKeyPresentation'],
    ] as const;
    for (const [options, method] of all) {
      expect(options.retry).toBe(false);
      expect(options.mutationKey).toEqual([method]);
    }
  });

  it('create stores the new state (new profile active) and marks profile-dependent answers stale', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, createProfileMutation(fake, client)).mutate(profileInput({ name: 'Staging' }));
    const state = cachedProfiles(client);
    expect(state?.activeProfileId).toBe('profile-1');
    expect(state?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Production', 'Staging']);
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('a refused create changes nothing', async () => {
    const { fake, client } = await primed();
    const result = await new MutationObserver(client, createProfileMutation(fake, client)).mutate(profileInput({ name: ' ' }));
    expect(result.ok).toBe(false);
    expect(cachedProfiles(client)?.profiles).toHaveLength(2);
    expect(dependentsStale(client)).toEqual([false, false]);
  });

  it('update, duplicate and delete each store the state the host returned', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, updateProfileMutation(fake, client)).mutate({ profileId: 'prod', profile: profileInput({ name: 'Prod EU' }) });
    expect(cachedProfiles(client)?.profiles[1]?.name).toBe('Prod EU');
    await new MutationObserver(client, duplicateProfileMutation(fake, client)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Prod EU', 'Prod EU (copy)']);
    await new MutationObserver(client, deleteProfileMutation(fake, client)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Prod EU (copy)']);
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('set key hands the key to the host once and keeps nothing of it in the cache', async () => {
    const { fake, client } = await primed();
    const observer = new MutationObserver(client, setProfileKeyMutation(fake, client));
    await observer.mutate({ profileId: 'prod', key: new KeyInTransit('sk-secret-value') });
    expect(fake.callsOf('setProfileKey')).toEqual([{ profileId: 'prod', key: 'sk-secret-value' }]);
    const variables = observer.getCurrentResult().variables;
    expect(variables?.key.take()).toBe('');
    expect(JSON.stringify(variables)).toBe('{"profileId":"prod","key":"[key]"}');
    expect(String(new KeyInTransit('sk-secret-value'))).toBe('[key]');
    expect(cachedProfiles(client)?.profiles[1]?.key).toEqual({ set: true, storage: 'keychain', note: null });
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('clear key puts the new status on the cached profile', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, clearProfileKeyMutation(fake, client)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles[1]?.key).toEqual({ set: false, storage: 'none', note: null });
  });

  it('detect stores the state with the chosen presentation', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, detectKeyPresentationMutation(fake, client)).mutate({ profileId: 'prod', guidelineId: 'g1' });
    expect(cachedProfiles(client)?.profiles[1]?.auth).toEqual({ kind: 'scheme', scheme: 'Token' });
  });
});
