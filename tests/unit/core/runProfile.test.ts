import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import type { RunProgress } from '../../../electron/shared/api';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * A run gets its platform as an invoke does (service.ts): only the active profile, and its key
 * only for the origin it was saved for; and the core pushes its progress through runProgress
 * and stops it at close.
 */

const ECHO = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';
let core: Core | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  core = undefined;
  server = undefined;
});

async function coreWithProfile() {
  core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
  const created = await core.api.createProfile({
    name: 'Local',
    baseUrl: core.sandbox.url,
    auth: { kind: 'bearer' },
    timeoutMs: 30_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
  });
  if (!created.ok) throw new Error(created.error.message);
  return { core, profileId: created.value.profileId };
}

const SUITE = { cases: [{ agent: ECHO, text: 'hello' }] };

describe('the profile a run uses', () => {
  it('must be the active one: another is refused with profile_changed, and nothing runs', async () => {
    const { core, profileId } = await coreWithProfile();
    await core.api.selectProfile({ profileId: 'sandbox' });
    const refused = await core.api.startRun({ profileId, suite: SUITE, suiteFile: 'a.json', data: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'profile_changed' } });
    expect(await core.api.listRuns({})).toEqual({ ok: true, value: [] });
  });

  it('never carries its key to another origin: after a move, the run has no key and sends nothing', async () => {
    const { core, profileId } = await coreWithProfile();
    await core.api.setProfileKey({ profileId, key: 'a-key-for-the-sandbox-only' });
    server = await startTestServer((_request, response) => response.end('{}'));
    const moved = await core.api.updateProfile({
      profileId,
      profile: {
        name: 'Local',
        baseUrl: server.url,
        auth: { kind: 'bearer' },
        timeoutMs: 30_000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: false,
      },
    });
    expect(moved.ok && moved.value.keyCleared).toBe(true);
    const started = await core.api.startRun({ profileId, suite: SUITE, suiteFile: 'a.json', data: null });
    // The move cleared the key: each request ends `no_key` in the host, and the new server sees nothing.
    expect(started.ok).toBe(true);
    const final = await new Promise<RunProgress>((resolve) =>
      core.runProgress.subscribe((event) => event.state !== 'running' && resolve(event)),
    );
    expect(final).toMatchObject({ state: 'failed', rows: [expect.objectContaining({ errorCode: 'no_key' })] });
    expect(server.requests).toEqual([]);
  });

  it('runs on the Sandbox through the core, pushing progress to runProgress, and is cancelled at close', async () => {
    core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
    const events: RunProgress[] = [];
    core.runProgress.subscribe((event) => events.push(event));
    const done = await core.api.startRun({ profileId: 'sandbox', suite: SUITE, suiteFile: 'a.json', data: null, iterations: 3 });
    const runId = done.ok ? done.value.runId : '';
    await new Promise<void>((resolve) =>
      core!.runProgress.subscribe((event) => event.runId === runId && event.state !== 'running' && resolve()),
    );
    expect(events.at(-1)).toMatchObject({ runId, state: 'passed', completed: 3 });

    // A run going when the core closes is cancelled and writes its end first.
    const long = await core.api.startRun({
      profileId: 'sandbox',
      suite: SUITE,
      suiteFile: 'a.json',
      data: null,
      iterations: 10_000,
      concurrency: 1,
      ratePerSecond: 1,
    });
    expect(long.ok).toBe(true);
    await core.close();
    core = undefined;
    expect(events.at(-1)).toMatchObject({ runId: long.ok ? long.value.runId : '', state: 'cancelled' });
  });
});
