import { MutationObserver, type MutationObserverOptions } from '@tanstack/react-query';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { guidelineQuery } from '../../../../../../renderer/features/guidelines/queries/guideline';
import { queryKeys } from '../../../../../../renderer/features/history/queries/keys';
import { knownAgentsQuery } from '../../../../../../renderer/features/catalog/queries/knownLists';
import {
  createProfileMutation,
  deleteProfileMutation,
  duplicateProfileMutation,
  updateProfileMutation,
} from '../../../../../../renderer/features/profile/queries/profileEdits';
import {
  clearProfileKeyMutation,
  detectKeyPresentationMutation,
  KeyInTransit,
  setProfileKeyMutation,
} from '../../../../../../renderer/features/profile/queries/profileKey';
import { profilesQuery } from '../../../../../../renderer/features/profile/queries/profiles';
import { customProfile, FakeApi, profileInput } from '../../../../../support/fakeApi';
import { unreachableHost } from '../../../../../support/unreachableHost';

async function primed() {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId: 'sandbox',
    profiles: [
      ...fake.profiles.profiles,
      customProfile('prod', { name: 'Production', key: { set: true, storage: 'keychain', note: null } }),
    ],
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
  it('never retry, and are keyed by their contract method', async () => {
    const { api, calls } = unreachableHost();
    const client = createQueryClient();
    const ref = { profileId: 'prod' };
    const all = [
      [createProfileMutation(api), 'createProfile', profileInput()],
      [updateProfileMutation(api), 'updateProfile', { ...ref, profile: profileInput() }],
      [duplicateProfileMutation(api), 'duplicateProfile', ref],
      [deleteProfileMutation(api), 'deleteProfile', ref],
      [setProfileKeyMutation(api), 'setProfileKey', { ...ref, key: new KeyInTransit('sk-secret-value') }],
      [clearProfileKeyMutation(api), 'clearProfileKey', ref],
      [detectKeyPresentationMutation(api), 'detectKeyPresentation', { ...ref, guidelineId: 'g1' }],
    ] as const;
    for (const [options, method, variables] of all) {
      expect(options.mutationKey).toEqual([method]);
      const observer = new MutationObserver(client, options as MutationObserverOptions<unknown, Error, unknown>);
      await expect(observer.mutate(variables)).rejects.toThrow();
      expect(observer.getCurrentResult().failureCount).toBe(1);
    }
    // Each was asked once, and none again.
    expect(calls).toEqual(all.map(([, method]) => method));
  });

  it('create stores the new state (new profile active) and marks profile-dependent answers stale', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, createProfileMutation(fake)).mutate(profileInput({ name: 'Staging' }));
    const state = cachedProfiles(client);
    expect(state?.activeProfileId).toBe(state?.profiles.find((profile) => profile.name === 'Staging')?.id);
    expect(state?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Production', 'Staging']);
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('a refused create changes nothing', async () => {
    const { fake, client } = await primed();
    const result = await new MutationObserver(client, createProfileMutation(fake)).mutate(profileInput({ name: ' ' }));
    expect(result.ok).toBe(false);
    expect(cachedProfiles(client)?.profiles).toHaveLength(2);
    expect(dependentsStale(client)).toEqual([false, false]);
  });

  it('update, duplicate and delete each store the state the host returned', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, updateProfileMutation(fake)).mutate({
      profileId: 'prod',
      profile: profileInput({ name: 'Prod EU' }),
    });
    expect(cachedProfiles(client)?.profiles[1]?.name).toBe('Prod EU');
    await new MutationObserver(client, duplicateProfileMutation(fake)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Prod EU', 'Prod EU (copy)']);
    await new MutationObserver(client, deleteProfileMutation(fake)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Prod EU (copy)']);
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('set key hands the key to the host once and keeps nothing of it in the cache', async () => {
    const { fake, client } = await primed();
    const observer = new MutationObserver(client, setProfileKeyMutation(fake));
    await observer.mutate({ profileId: 'prod', key: new KeyInTransit('sk-secret-value') });
    expect(fake.callsOf('setProfileKey')).toEqual([{ profileId: 'prod', key: 'sk-secret-value' }]);
    const variables = observer.getCurrentResult().variables;
    expect(variables?.key.take()).toBe('');
    expect(JSON.stringify(variables)).toBe('{"profileId":"prod","key":"[key]"}');
    expect(String(new KeyInTransit('sk-secret-value'))).toBe('[key]');
    expect(cachedProfiles(client)?.profiles[1]?.key).toEqual({
      set: true,
      storage: 'keychain',
      note: null,
      origin: 'https://staging.example.com',
    });
    expect(dependentsStale(client)).toEqual([true, true]);
  });

  it('clear key puts the new status on the cached profile', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, clearProfileKeyMutation(fake)).mutate({ profileId: 'prod' });
    expect(cachedProfiles(client)?.profiles[1]?.key).toEqual({ set: false, storage: 'none', note: null });
  });

  it('detect stores the state with the chosen presentation', async () => {
    const { fake, client } = await primed();
    fake.acceptedAuth = { kind: 'scheme', scheme: 'Token' };
    await new MutationObserver(client, detectKeyPresentationMutation(fake)).mutate({ profileId: 'prod', guidelineId: 'g1' });
    expect(cachedProfiles(client)?.profiles[1]?.auth).toEqual({ kind: 'scheme', scheme: 'Token' });
  });
});
