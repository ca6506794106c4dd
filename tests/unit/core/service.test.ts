import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { API_METHODS, type ApiMethod } from '../../../electron/shared/contract';

/** A key that must never appear in anything the renderer can receive. */
const SENTINEL = 'SENTINEL-KEY-7c1d9e2f4a6b8c0d';

let core: Core;
beforeAll(async () => {
  core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxKey: SENTINEL, sandboxLatency: 'none' });
});
afterAll(async () => {
  await core.close();
});

describe('the core service against the embedded sandbox', () => {
  it('opens on the Sandbox profile, with a key set and its storage named', async () => {
    const state = await core.api.listProfiles();
    expect(state.activeProfileId).toBe('sandbox');
    expect(state.profiles).toEqual([
      { id: 'sandbox', name: 'Sandbox', baseUrl: core.sandbox.url, kind: 'sandbox', key: { set: true, storage: 'memory' } },
    ]);
  });

  it('invokes a sample agent and reflects the payload in the answer', async () => {
    const [agent] = await core.api.listKnownAgents();
    expect(agent?.example).not.toBeNull();
    const payload = agent?.example?.payload ?? {};
    const result = await core.api.invokeAgent({ agentId: agent?.id ?? '', text: 'hello', payload });
    expect(result.ok).toBe(true);
    const someValue = Object.values(payload).find((value) => typeof value === 'string') as string;
    expect(result.ok && result.value.response.answer).toContain(someValue);
    expect(result.ok && result.value.serverDuration.ms).not.toBeNull();
  });

  it('reads a sample guideline', async () => {
    const [known] = await core.api.listKnownGuidelines();
    const result = await core.api.getGuideline({ guidelineId: known?.id ?? '' });
    expect(result.ok && result.value.guideline.name).toBe(known?.name);
  });

  it('answers an unknown id with the server 404 as an error, not a success', async () => {
    const result = await core.api.getGuideline({ guidelineId: 'no-such-guideline' });
    expect(!result.ok && result.error.code).toBe('http_status');
    expect(!result.ok && result.error.exchange?.status).toBe(404);
  });

  it('refuses to select a profile that does not exist', async () => {
    const result = await core.api.selectProfile({ profileId: 'nope' });
    expect(!result.ok && result.error.code).toBe('invalid_argument');
  });

  it('never returns the key from any contract method', async () => {
    const agents = await core.api.listKnownAgents();
    const guidelines = await core.api.listKnownGuidelines();
    const calls: Record<ApiMethod, () => Promise<unknown>> = {
      getAppInfo: () => core.api.getAppInfo(),
      listProfiles: () => core.api.listProfiles(),
      selectProfile: () => core.api.selectProfile({ profileId: 'sandbox' }),
      listKnownAgents: () => core.api.listKnownAgents(),
      listKnownGuidelines: () => core.api.listKnownGuidelines(),
      invokeAgent: () =>
        core.api.invokeAgent({ agentId: agents[0]?.id ?? '', text: 'hello', payload: { echo: 'x' } }),
      getGuideline: () => core.api.getGuideline({ guidelineId: guidelines[0]?.id ?? '' }),
    };
    for (const method of API_METHODS) {
      const response = JSON.stringify(await calls[method]());
      expect(response, method).not.toContain(SENTINEL);
    }
  });
});
