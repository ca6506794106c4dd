import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileProfileStore, type Profile, sandboxProfile } from '../../../../electron/core/profiles/profiles';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-stores-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('profiles saved to disk', () => {
  const custom: Profile = {
    ...sandboxProfile('https://staging.example.com'),
    id: 'p1',
    name: 'Staging',
    kind: 'custom',
  };

  it('survive a restart with the active choice, owner-only, fixed profiles never written', async () => {
    const file = path.join(dir, 'profiles.json');
    const fixed = [sandboxProfile('http://127.0.0.1:1')];
    const store = createFileProfileStore(file, fixed);
    await store.save(custom);
    await store.setActive('p1');
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('127.0.0.1:1');

    const restarted = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:2')]);
    expect((await restarted.list()).map((p) => p.name)).toEqual(['Sandbox', 'Staging']);
    expect(await restarted.activeId()).toBe('p1');
  });

  it('moves an unreadable file aside instead of overwriting it, and says so', async () => {
    const file = path.join(dir, 'profiles.json');
    writeFileSync(file, '{"version": 1, "profiles": [ broken');
    const problems: string[] = [];
    const store = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:1')], undefined, (m) => problems.push(m));
    expect((await store.list()).map((p) => p.id)).toEqual(['sandbox']);
    expect(problems[0]).toMatch(/could not be read as profiles; it was kept as .*unreadable/);
    const aside = readdirSync(dir).find((name) => name.includes('unreadable'));
    expect(readFileSync(path.join(dir, aside ?? ''), 'utf8')).toContain('broken');
  });

  it('keeps working after a write fails: the failed change is not kept, later ones are saved', async () => {
    const folder = path.join(dir, 'data');
    mkdirSync(folder);
    const file = path.join(folder, 'profiles.json');
    const store = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:1')]);
    await store.save(custom);
    // The data folder turns into a plain file: the next write cannot happen.
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    await expect(store.save({ ...custom, id: 'p2', name: 'Lost' })).rejects.toThrow();
    expect((await store.list()).map((p) => p.name)).toEqual(['Sandbox', 'Staging']);

    rmSync(folder);
    await store.save({ ...custom, id: 'p3', name: 'Production' });
    expect((await store.list()).map((p) => p.name)).toEqual(['Sandbox', 'Staging', 'Production']);
    const restarted = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:2')]);
    expect((await restarted.list()).map((p) => p.name)).toEqual(['Sandbox', 'Staging', 'Production']);
  });

  it('refuses to save over a fixed profile', async () => {
    const store = createFileProfileStore(path.join(dir, 'profiles.json'), [sandboxProfile('http://127.0.0.1:1')]);
    await expect(store.save({ ...custom, id: 'sandbox' })).rejects.toThrow(/cannot be changed/);
  });
});
