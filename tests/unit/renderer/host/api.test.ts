import {
  MutationObserver,
  QueryObserver,
  type QueryClient,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { HOST_UNREACHABLE } from '../../../../renderer/host/httpApi';
import { apiKey, apiMutation, apiQuery } from '../../../../renderer/host/api';
import { createQueryClient } from '../../../../renderer/host/client';
import { FakeApi } from '../../../support/fakeApi';
import { unreachableHost } from '../../../support/unreachableHost';
import { guidelineQuery } from '../../../../renderer/features/guidelines/queries/guideline';
import { knownAgentsQuery, knownGuidelinesQuery } from '../../../../renderer/features/catalog/queries/knownLists';
import { invokeMutation } from '../../../../renderer/features/invoke/queries/invoke';
import { profilesQuery } from '../../../../renderer/features/profile/queries/profiles';

/** Observes a query with the client's own defaults (fetchQuery would set its own retry) until it fails. */
function failureOf<T>(client: QueryClient, options: QueryObserverOptions<T, Error, T, T, readonly unknown[]>) {
  const observer = new QueryObserver(client, options);
  return new Promise<QueryObserverResult<T>>((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.status !== 'error') return;
      stop();
      resolve(result);
    });
  });
}

describe('apiQuery', () => {
  it('keys by the method, its argument and what else the answer depends on', () => {
    const fake = new FakeApi();
    expect(apiQuery(fake, 'listProfiles', undefined).queryKey).toEqual(['listProfiles']);
    expect(apiQuery(fake, 'getRun', { runId: 'r' }).queryKey).toEqual(['getRun', { runId: 'r' }]);
    expect(apiQuery(fake, 'listCatalog', undefined, { scope: { profileId: 'p1' } }).queryKey).toEqual(['listCatalog', { profileId: 'p1' }]);
    expect(apiKey('getGuideline', { guidelineId: 'g1' }, { profileId: 'p1' })).toEqual([
      'getGuideline',
      { guidelineId: 'g1' },
      { profileId: 'p1' },
    ]);
  });

  it('asks nothing while its argument or scope is not known', async () => {
    const { api, calls } = unreachableHost();
    const client = createQueryClient();
    const waiting = [
      new QueryObserver(client, apiQuery(api, 'getHistoryEntry', null)),
      new QueryObserver(client, apiQuery(api, 'listCatalog', undefined, { scope: null })),
    ];
    const stops = waiting.map((observer) => observer.subscribe(() => undefined));
    await Promise.resolve();
    expect(waiting.map((observer) => observer.getCurrentResult().fetchStatus)).toEqual(['idle', 'idle']);
    expect(calls).toEqual([]);
    stops.forEach((stop) => stop());
  });

  it('holds the Result as data, or unwrapped: its value as data and a refusal as the error shown', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    const kept = await client.fetchQuery(apiQuery(fake, 'getGuidelineVersion', { profileId: 'sandbox', guidelineId: 'none' }));
    expect(kept.ok).toBe(false);
    const counts = await client.fetchQuery(apiQuery(fake, 'countHistory', undefined, { unwrap: true }));
    expect(counts).toEqual({ total: 0, pinned: 0 });
    const refused = await failureOf(client, apiQuery(fake, 'getRun', { runId: 'no-such-run' }, { unwrap: true }));
    expect(refused.error?.message).toMatch(/\S/);
  });

  it('never retries: a host that cannot be reached is asked once and the failure shown', async () => {
    const { api, calls } = unreachableHost();
    const failed = await failureOf(createQueryClient(), apiQuery(api, 'listProfiles', undefined));
    expect(failed.error?.message).toBe(HOST_UNREACHABLE);
    expect(failed.failureCount).toBe(1);
    expect(calls).toEqual(['listProfiles']);
  });
});

describe('apiMutation', () => {
  it('is keyed by its method, sends what `send` makes of the variables, and calls onValue with an accepted value', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    const values: unknown[] = [];
    const options = apiMutation(fake, 'selectProfile', {
      send: (profileId: string) => ({ profileId }),
      onValue: (state, profileId) => values.push([state.activeProfileId, profileId]),
    });
    expect(options.mutationKey).toEqual(['selectProfile']);
    await new MutationObserver(client, options).mutate('sandbox');
    const refused = await new MutationObserver(client, options).mutate('nope');
    expect(refused.ok).toBe(false);
    expect(fake.callsOf('selectProfile')).toEqual([{ profileId: 'sandbox' }, { profileId: 'nope' }]);
    expect(values).toEqual([['sandbox', 'sandbox']]);
  });

  it('marks the answers it invalidates stale once settled, even when refused', async () => {
    const fake = new FakeApi();
    const client = createQueryClient();
    await client.fetchQuery(apiQuery(fake, 'listProfiles', undefined));
    const options = apiMutation(fake, 'selectProfile', { invalidates: ['listProfiles'] });
    await new MutationObserver(client, options).mutate({ profileId: 'nope' });
    expect(client.getQueryState(['listProfiles'])?.isInvalidated).toBe(true);
  });

  it('never retries: a host that cannot be reached is asked once', async () => {
    const { api, calls } = unreachableHost();
    const observer = new MutationObserver(createQueryClient(), apiMutation(api, 'invokeAgent'));
    await expect(observer.mutate({ agentId: 'a', text: '', payload: {}, requestId: 'r1' })).rejects.toThrow(HOST_UNREACHABLE);
    expect(observer.getCurrentResult().failureCount).toBe(1);
    expect(calls).toEqual(['invokeAgent']);
  });
});

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

describe('workbench queries', () => {
  it('never retry a cancel (useCancelRequest is this mutation): a host that cannot be reached is asked once', async () => {
    const { api, calls } = unreachableHost();
    const cancel = new MutationObserver(createQueryClient(), apiMutation(api, 'cancelRequest'));
    await expect(cancel.mutate({ requestId: 'r1' })).rejects.toThrow();
    expect(calls).toEqual(['cancelRequest']);
  });
});
