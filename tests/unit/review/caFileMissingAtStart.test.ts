import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileProfileStore, sandboxProfile } from '../../../electron/core/profiles';

/**
 * Review finding (issue 11 item 5, lost data): profiles.json is re-checked at start as if typed
 * in, and a CA file that cannot be read *right now* is "repaired" by deleting it from the
 * profile, which is then written back. A CA file on a drive that is not mounted yet (or a
 * moment's permission change) thus loses the profile's CA setting for good; the next requests
 * fail TLS and the person must find the moved-aside copy by hand.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-review-ca-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('review: a CA file missing at start', () => {
  it('keeps the profile pointing at it (a request can then say the file is missing)', async () => {
    const caFile = path.join(dir, 'mnt', 'corp-ca.pem'); // not there at this start
    const file = path.join(dir, 'profiles.json');
    const profile = { id: 'corp', kind: 'custom', name: 'Corp', baseUrl: 'https://corp.example.com', auth: { kind: 'bearer' }, timeoutMs: 30_000, tls: { verify: true, caFile }, allowInsecureHttp: false };
    writeFileSync(file, JSON.stringify({ version: 1, activeProfileId: 'corp', profiles: [profile] }));
    const store = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:1')], undefined, () => undefined);
    const corp = (await store.list()).find((p) => p.id === 'corp');
    expect(corp?.tls.caFile).toBe(caFile);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles[0].tls.caFile).toBe(caFile);
  });
});
