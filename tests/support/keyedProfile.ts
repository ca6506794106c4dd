import type { Api, ProfileInput } from '../../electron/shared/api';

/**
 * Creates a profile through the contract, as the Profiles dialog does, gives it `key`, and
 * returns its id. Bearer, TLS verified and a 60 s time-out unless `overrides` says otherwise.
 */
export async function createKeyedProfile(
  api: Api,
  input: { name: string; baseUrl: string; key: string } & Partial<ProfileInput>,
): Promise<string> {
  const { key, ...overrides } = input;
  const created = await api.createProfile({
    auth: { kind: 'bearer' },
    timeoutMs: 60_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    ...overrides,
  });
  if (!created.ok) throw new Error(created.error.message);
  const keyed = await api.setProfileKey({ profileId: created.value.profileId, key });
  if (!keyed.ok) throw new Error(keyed.error.message);
  return created.value.profileId;
}
