import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { dispatch } from '../../../electron/core/validate';
import { aesTestCipher } from '../../support/testCipher';

/**
 * The host's backstop: a request names the profile it was composed for, and
 * the host refuses it (`profile_changed`, nothing sent) when another profile is active at the
 * moment of sending, e.g. after another browser tab switched profiles.
 */
let core: Core;
let dataDir: string;
let other: Server;
let hits = 0;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-request-profile-'));
  core = await startCore({
    host: 'electron',
    version: '0.0.0-test',
    dataDir,
    cipher: aesTestCipher(),
    sandboxKey: 'sandbox-key-0123456789',
    sandboxLatency: 'none',
  });
  other = createServer((_request, response) => {
    hits += 1;
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"detail":"who are you"}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => other.close(resolve));
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a request composed for a profile that is no longer active', () => {
  it('is refused with profile_changed, and nothing reaches the active profile’s server', async () => {
    const created = await core.api.createProfile({
      name: 'Other',
      baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
      auth: { kind: 'bearer' },
      timeoutMs: 5_000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: true,
    });
    expect(created.ok).toBe(true);
    const otherId = created.ok ? created.value.profileId : '';
    expect((await core.api.listProfiles()).activeProfileId).toBe(otherId);
    await core.api.setProfileKey({ profileId: otherId, key: 'other-key-0123456789' });

    const request = { agentId: '11111111-1111-4111-8111-111111111111', text: 'hi', payload: {}, profileId: 'sandbox' };
    const invoked = await core.api.invokeAgent(request);
    const saved = await core.api.saveResponseToFile({ kind: 'invoke', request });
    const read = await core.api.getGuideline({ guidelineId: 'any', profileId: 'sandbox' });
    for (const result of [invoked, saved, read]) {
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'profile_changed', exchange: null }) });
    }
    expect(hits).toBe(0);

    // Naming the active profile (or none) sends as before: the server is reached.
    const sent = await core.api.invokeAgent({ ...request, profileId: otherId });
    expect(!sent.ok && sent.error.code).toBe('http_status');
    expect(hits).toBe(1);
  });

  it('is checked at the boundary: profileId is optional, and a string when given', async () => {
    const request = { agentId: 'a', text: '', payload: {} };
    expect(await dispatch(core.api, 'invokeAgent', { ...request, profileId: 7 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(await dispatch(core.api, 'getGuideline', { guidelineId: 'g', profileId: ['sandbox'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    const refused = await dispatch(core.api, 'saveResponseToFile', {
      kind: 'guideline',
      request: { guidelineId: 'g', profileId: 'no-such-profile' },
    });
    expect(refused).toMatchObject({ ok: true, value: { ok: false, error: { code: 'profile_changed' } } });
  });
});
