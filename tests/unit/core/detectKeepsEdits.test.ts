import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import type { ProfileInput } from '../../../electron/shared/api';

/**
 * Detect once saved the WHOLE profile as it was when Detect started, with the presentation it
 * found, so an edit saved while Detect waited on the server (a new base URL, which also clears
 * the key) was silently reverted. It now applies only the presentation, onto the profile as it
 * is, and only while the profile still points at the same server.
 */
let core: Core | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  await core?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('editing a profile while Detect runs on it', () => {
  it('keeps the edit; Detect only sets the key presentation', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_req: IncomingMessage, res: ServerResponse) => held.push(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      dataDir = mkdtempSync(path.join(tmpdir(), 'ae-detect-edit-'));
      core = await startCore({ host: 'browser', version: '0', dataDir, sandboxLatency: 'none' });
      const input = (baseUrl: string, name = 'Slow'): ProfileInput => ({
        name,
        baseUrl,
        auth: { kind: 'bearer' },
        timeoutMs: 5_000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: false,
      });
      const created = await core.api.createProfile(input(slowUrl));
      if (!created.ok) throw new Error(created.error.message);
      const id = created.value.profileId;
      await core.api.setProfileKey({ profileId: id, key: 'detect-edit-key-0123456789' });

      const detect = core.api.detectKeyPresentation({ profileId: id, guidelineId: 'g1' });
      while (held.length === 0) await new Promise((resolve) => server.once('request', resolve));
      const moved = await core.api.updateProfile({ profileId: id, profile: input(core.sandbox.url, 'Moved to the Sandbox') });
      expect(moved.ok).toBe(true);

      held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"g","description":"d","content":"c"}');
      const report = await detect;
      expect(report.ok).toBe(true);

      const profile = (await core.api.listProfiles()).profiles.find((p) => p.id === id)!;
      expect(profile.name).toBe('Moved to the Sandbox');
      expect(profile.baseUrl).toBe(core.sandbox.url);
    } finally {
      for (const res of held) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
