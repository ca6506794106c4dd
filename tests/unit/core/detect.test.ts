import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { describePresentation } from '../../../electron/core/profiles/keyPresentation';
import { SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { startSandbox } from '../../../electron/sandbox/server';
import type { KeyPresentation } from '../../../electron/shared/api';

const KEY = 'detect-key-4c3b2a1f0e';

let core: Core;
beforeAll(async () => {
  core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
});
afterAll(() => core.close());

const FORMS: KeyPresentation[] = [
  { kind: 'bearer' },
  { kind: 'scheme', scheme: 'Token' },
  { kind: 'scheme', scheme: 'Api-Key' },
  { kind: 'header', header: 'X-API-Key' },
  { kind: 'header', header: 'Api-Key' },
  { kind: 'query', param: 'api_key' },
  { kind: 'query', param: 'apikey' },
];

describe('Detect finds each presentation against a server that takes only it', () => {
  it.each(FORMS.map((form) => [describePresentation(form), form] as const))('%s', async (label, form) => {
    const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
    try {
      const created = await core.api.createProfile({
        name: `Takes ${label}`,
        baseUrl: platform.url,
        // Start from a form the server refuses (unless it is the one), so Detect has to look.
        auth: form.kind === 'query' ? { kind: 'bearer' } : { kind: 'query', param: 'key' },
        timeoutMs: 5000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: false,
      });
      if (!created.ok) throw new Error(created.error.message);
      const profileId = created.value.profileId;
      await core.api.setProfileKey({ profileId, key: KEY });

      const report = await core.api.detectKeyPresentation({ profileId, guidelineId: SANDBOX_GUIDELINES[0]!.id });
      expect(report.ok).toBe(true);
      if (!report.ok) return;
      expect(report.value.chosen).toEqual(form);
      expect(report.value.attempts.at(-1)).toMatchObject({ label, status: 200, outcome: 'accepted' });
      expect(report.value.attempts.slice(0, -1).every((a) => a.outcome === 'rejected' && a.status === 401)).toBe(true);
      // Kept: the next request uses it.
      const read = await core.api.getGuideline({ guidelineId: SANDBOX_GUIDELINES[0]!.id });
      expect(read.ok).toBe(true);
    } finally {
      await platform.close();
    }
  });

  it('stops at the first try with no HTTP answer, and saves nothing', async () => {
    const created = await core.api.createProfile({
      name: 'Unreachable',
      baseUrl: 'http://127.0.0.1:9',
      auth: { kind: 'bearer' },
      timeoutMs: 5000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: false,
    });
    if (!created.ok) throw new Error(created.error.message);
    await core.api.setProfileKey({ profileId: created.value.profileId, key: KEY });
    const report = await core.api.detectKeyPresentation({ profileId: created.value.profileId, guidelineId: 'g' });
    expect(report.ok && report.value.attempts).toEqual([expect.objectContaining({ outcome: 'failed', status: null })]);
    expect(report.ok && report.value.chosen).toBeNull();
  });
});

describe('Detect on the Environment profile', () => {
  it('applies the found presentation for this launch and says which variable makes it permanent', async () => {
    const form: KeyPresentation = { kind: 'header', header: 'X-API-Key' };
    const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
    const envCore = await startCore({
      host: 'browser',
      version: '0.0.0-test',
      sandboxLatency: 'none',
      env: { AGENT_EXPLORER_BASE_URL: platform.url, AGENT_EXPLORER_API_KEY: KEY },
    });
    try {
      const guidelineId = SANDBOX_GUIDELINES[0]!.id;
      const before = await envCore.api.getGuideline({ guidelineId });
      expect(!before.ok && before.error.exchange?.status).toBe(401);

      const report = await envCore.api.detectKeyPresentation({ profileId: 'environment', guidelineId });
      expect(report.ok).toBe(true);
      if (!report.ok) return;
      expect(report.value.chosen).toEqual(form);
      expect(report.value.environmentSetting).toBe('AGENT_EXPLORER_AUTH=header:X-API-Key');
      expect(report.value.state.profiles.find((p) => p.id === 'environment')?.auth).toEqual(form);

      // Used from now on, while the profile itself stays read-only.
      const after = await envCore.api.getGuideline({ guidelineId });
      expect(after.ok).toBe(true);
      const listed = await envCore.api.listProfiles();
      expect(listed.profiles.find((p) => p.id === 'environment')).toMatchObject({ auth: form, editable: false });
    } finally {
      await envCore.close();
      await platform.close();
    }
  });
});
