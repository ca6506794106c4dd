import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../../support/memoryDatabase';
import { migrate } from '../../../../electron/core/db/migrations';
import { createSqliteLibraryStore, type LibraryStore } from '../../../../electron/core/library/libraryStore';

/** The guideline library store, on the app's database in memory (the real migrations). */

const A = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const B = 'b4f8a2c6-1e93-4d7b-8f20-6c5a9e3d1b84';
const C = '2a9c5e7f-8d14-4b36-a7e9-3f1b6d0c8a52';
const escalation = {
  name: 'Escalation policy',
  description: 'When to escalate.',
  content: '# Escalation\n\nEscalate a refund over 500 euros to a supervisor.',
};

describe('the guideline library store', () => {
  it('adds ids once per profile, and lists pinned first, then by name', async () => {
    const store = memoryDatabase().library;
    expect(await store.add('p1', [A, B], '2026-01-01T00:00:00.000Z')).toEqual([A, B]);
    expect(await store.add('p1', [B, C], '2026-01-02T00:00:00.000Z')).toEqual([C]);
    expect(await store.list('p2')).toEqual([]);
    await store.recordFetch('p1', B, { name: 'Alpha', description: '', content: '' }, '2026-01-03T00:00:00.000Z');
    await store.recordFetch('p1', C, { name: 'Zulu', description: '', content: '' }, '2026-01-03T00:00:00.000Z');
    await store.pin('p1', C, true);
    const list = await store.list('p1');
    expect(list.map((e) => e.guidelineId)).toEqual([C, A, B]); // pinned; "7d3e…" (no name yet) before "alpha"
    expect(list[1]).toEqual({
      guidelineId: A,
      name: null,
      description: null,
      title: '',
      tags: [],
      pinned: false,
      addedAt: '2026-01-01T00:00:00.000Z',
      fetchedAt: null,
      readAt: null,
      latestVersion: 0,
      changedSinceRead: false,
      readVersion: null,
    });
  });

  it('keeps a new version only when the name, description or content changed (by hash)', async () => {
    const store = memoryDatabase().library;
    const first = await store.recordFetch('p1', A, escalation, '2026-01-01T10:00:00.000Z');
    expect(first.newVersion).toBe(true);
    expect(first.entry).toMatchObject({ name: 'Escalation policy', latestVersion: 1, fetchedAt: '2026-01-01T10:00:00.000Z' });
    const same = await store.recordFetch('p1', A, { ...escalation }, '2026-01-01T11:00:00.000Z');
    expect(same.newVersion).toBe(false);
    expect(same.entry).toMatchObject({ latestVersion: 1, fetchedAt: '2026-01-01T11:00:00.000Z' });
    const changed = await store.recordFetch(
      'p1',
      A,
      { ...escalation, description: 'When and how to escalate.' },
      '2026-01-02T09:00:00.000Z',
    );
    expect(changed.newVersion).toBe(true);
    const versions = await store.versions('p1', A);
    expect(versions.map((v) => [v.version, v.fetchedAt])).toEqual([
      [2, '2026-01-02T09:00:00.000Z'],
      [1, '2026-01-01T10:00:00.000Z'],
    ]);
    expect(versions[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(versions[0]!.hash).not.toBe(versions[1]!.hash);
    const old = await store.version('p1', A, 1);
    expect(old?.guideline).toEqual(escalation);
    const latest = await store.version('p1', A);
    expect(latest).toMatchObject({
      version: { version: 2 },
      guideline: { description: 'When and how to escalate.' },
      entry: { latestVersion: 2 },
    });
    expect(await store.version('p1', A, 3)).toBeNull();
    expect(await store.version('p1', B)).toBeNull();
  });

  it('says "changed since read" only when a newer version came after the one read', async () => {
    const store = memoryDatabase().library;
    await store.recordFetch('p1', A, escalation, '2026-01-01T10:00:00.000Z');
    expect((await store.get('p1', A))?.changedSinceRead).toBe(false);
    expect(await store.markRead('p1', A, '2026-01-01T10:05:00.000Z')).toMatchObject({
      readAt: '2026-01-01T10:05:00.000Z',
      changedSinceRead: false,
    });
    await store.recordFetch('p1', A, escalation, '2026-01-01T11:00:00.000Z');
    expect((await store.get('p1', A))?.changedSinceRead).toBe(false);
    await store.recordFetch('p1', A, { ...escalation, content: 'New rules.' }, '2026-01-01T12:00:00.000Z');
    // The version read is told too: Compare versions starts from it.
    expect(await store.get('p1', A)).toMatchObject({ changedSinceRead: true, readVersion: 1, latestVersion: 2 });
    await store.markRead('p1', A, '2026-01-01T12:05:00.000Z');
    expect(await store.get('p1', A)).toMatchObject({ changedSinceRead: false, readVersion: 2 });
    expect(await store.markRead('p1', B, '2026-01-01T12:05:00.000Z')).toBeNull();
    // Read before it was ever fetched (an id added by paste): its first version is no "change".
    await store.add('p1', [B], '2026-01-01T12:00:00.000Z');
    expect(await store.markRead('p1', B, '2026-01-01T12:05:00.000Z')).toMatchObject({ readAt: '2026-01-01T12:05:00.000Z' });
    await store.recordFetch('p1', B, escalation, '2026-01-01T12:06:00.000Z');
    expect((await store.get('p1', B))?.changedSinceRead).toBe(false);
  });

  it('keeps local titles and tags beside the server name, and removes entries with their versions', async () => {
    const store = memoryDatabase().library;
    await store.recordFetch('p1', A, escalation, '2026-01-01T10:00:00.000Z');
    const labelled = await store.setLabels('p1', A, { title: 'Refund escalations', tags: ['refunds', 'tier 2'] });
    expect(labelled).toMatchObject({ title: 'Refund escalations', tags: ['refunds', 'tier 2'], name: 'Escalation policy' });
    expect(await store.setLabels('p1', B, { title: 'x', tags: [] })).toBeNull();
    expect((await store.search('p1', 'tier')).map((h) => h.entry.guidelineId)).toEqual([A]);
    expect(await store.remove('p1', [A, B])).toBe(1);
    expect(await store.list('p1')).toEqual([]);
    expect(await store.versions('p1', A)).toEqual([]);
    expect(await store.search('p1', 'escalate')).toEqual([]);
    // Fetched again after removal: back, starting from version 1.
    expect((await store.recordFetch('p1', A, escalation, '2026-01-03T00:00:00.000Z')).entry.latestVersion).toBe(1);
  });

  it('searches names, descriptions and the latest content, best match first, with the passage as plain text and ranges', async () => {
    const store = memoryDatabase().library;
    await store.recordFetch(
      'p1',
      A,
      { name: 'Refund rules', description: 'Refunds and credits.', content: 'How to refund a customer.' },
      '2026-01-01T00:00:00.000Z',
    );
    await store.recordFetch(
      'p1',
      B,
      {
        name: 'Tone of voice',
        description: 'How we write.',
        content: `${'Write plainly. '.repeat(30)}A refund is never promised in writing. ${'Be kind. '.repeat(30)}`,
      },
      '2026-01-01T00:00:00.000Z',
    );
    await store.recordFetch(
      'p1',
      C,
      { name: 'Data retention', description: 'Keeping data.', content: 'Nothing about money.' },
      '2026-01-01T00:00:00.000Z',
    );
    await store.recordFetch('p2', C, { name: 'Refund elsewhere', description: '', content: '' }, '2026-01-01T00:00:00.000Z');
    const hits = await store.search('p1', 'refund');
    expect(hits.map((h) => h.entry.guidelineId)).toEqual([A, B]);
    const passage = hits[1]!.passage;
    expect(passage.text).toContain('refund is never promised');
    expect(passage.text.length).toBeLessThan(400);
    const marked = passage.highlights.map(({ start, end }) => passage.text.slice(start, end).toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((word) => word.startsWith('refund'))).toBe(true);
    // Every word must match; search syntax typed by a person is just words.
    expect((await store.search('p1', 'refund never')).map((h) => h.entry.guidelineId)).toEqual([B]);
    expect(await store.search('p1', '"* OR NEAR(')).toEqual([]);
    expect((await store.search('p1', 'money"*')).map((h) => h.entry.guidelineId)).toEqual([C]);
  });

  it('searches only the latest version, and text that looks like a mark stays text', async () => {
    const store = memoryDatabase().library;
    await store.recordFetch('p1', A, { name: 'Policy', description: '', content: 'The old word is walrus.' }, '2026-01-01T00:00:00.000Z');
    await store.recordFetch(
      'p1',
      A,
      { name: 'Policy', description: '', content: 'The new word is \uE000penguin\uE001.' },
      '2026-01-02T00:00:00.000Z',
    );
    expect(await store.search('p1', 'walrus')).toEqual([]);
    const [hit] = await store.search('p1', 'penguin');
    expect(hit!.passage.text).not.toMatch(/[\uE000\uE001]/);
    expect(hit!.passage.highlights).toHaveLength(1);
  });
});

describe('searches bounded however long the guideline', () => {
  /**
   * The library's search over a guideline of several megabytes (content is whatever the server
   * sent). As for the history, snippet() over it was quadratic in its hits, and the profile filter
   * read the whole content of every match: the passage now comes from the start of each field,
   * and the filter from the library's own table. The time-outs guard against a hang only.
   */

  const HANG_GUARD_MS = 60_000;
  const LONG = `# Refunds\n\n${'A refund is approved by a supervisor when the customer asks. '.repeat(140_000)}The last word is zebra.`;
  const A = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
  const B = 'b4f8a2c6-1e93-4d7b-8f20-6c5a9e3d1b84';
  const AT = '2026-01-01T00:00:00.000Z';

  function sqliteStore(): { store: LibraryStore; db: DatabaseSync } {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    return { store: createSqliteLibraryStore(db), db };
  }

  describe('searching a multi-megabyte guideline', () => {
    it('finds it by any word, with a short passage, and does not hang', { timeout: HANG_GUARD_MS }, async () => {
      expect(LONG.length).toBeGreaterThan(8_000_000);
      const store = sqliteStore().store;
      await store.recordFetch('p1', A, { name: 'Tone of voice', description: 'How we write.', content: LONG }, AT);
      await store.recordFetch('p1', B, { name: 'Escalation', description: 'When a refund is asked twice.', content: 'Hand over.' }, AT);
      await store.recordFetch('p2', A, { name: 'Elsewhere', description: '', content: LONG }, AT);

      const hits = await store.search('p1', 'refund');
      expect(hits.map((hit) => hit.entry.guidelineId).sort()).toEqual([A, B].sort());
      const passage = hits.find((hit) => hit.entry.guidelineId === A)!.passage;
      expect(passage.text).toContain('refund is approved');
      expect(passage.text.length).toBeLessThan(400);
      const marked = passage.highlights.map(({ start, end }) => passage.text.slice(start, end).toLowerCase());
      expect(marked.length).toBeGreaterThan(0);
      expect(marked.every((word) => word.startsWith('refund'))).toBe(true);

      // A word only at the very end is still found; its passage is the content's start.
      const deep = await store.search('p1', 'zebra');
      expect(deep.map((hit) => hit.entry.guidelineId)).toEqual([A]);
      expect(deep[0]!.passage.text.startsWith('# Refunds')).toBe(true);
      expect(deep[0]!.passage.text.length).toBeLessThan(400);
      expect(await store.search('p2', 'escalation')).toEqual([]);
    });
  });

  describe('the start of a long guideline kept for passages', () => {
    it('follows the latest version and goes with the entry', { timeout: HANG_GUARD_MS }, async () => {
      const { store, db } = sqliteStore();
      const heads = () => Number((db.prepare('SELECT count(*) AS n FROM guideline_heads').get() as { n: number }).n);
      await store.recordFetch('p1', A, { name: 'Policy', description: '', content: LONG }, AT);
      expect(heads()).toBe(1);
      await store.setLabels('p1', A, { title: 'Mine', tags: ['long'] });
      expect((await store.search('p1', 'mine'))[0]!.passage.text).toBe('Mine');
      await store.recordFetch('p1', A, { name: 'Policy', description: '', content: 'Short now.' }, '2026-01-02T00:00:00.000Z');
      expect(heads()).toBe(0);
      await store.recordFetch('p1', A, { name: 'Policy', description: '', content: LONG }, '2026-01-03T00:00:00.000Z');
      expect(await store.remove('p1', [A])).toBe(1);
      expect(heads()).toBe(0);
    });

    it('is made for a long guideline kept by a version before it, when the file is migrated', { timeout: HANG_GUARD_MS }, async () => {
      const db = new DatabaseSync(':memory:');
      migrate(db, 8);
      // What the store of format 8 wrote for a fetched guideline.
      db.prepare(
        "INSERT INTO guideline_library (id, profile_id, guideline_id, added_at, fetched_at, latest_version) VALUES (1, 'p1', ?, ?, ?, 1)",
      ).run(A, AT, AT);
      db.prepare(
        "INSERT INTO guideline_versions (entry_id, version, hash, fetched_at, name, description, content) VALUES (1, 1, 'h', ?, 'Policy', '', ?)",
      ).run(AT, LONG);
      db.prepare(
        "INSERT INTO guideline_text (rowid, name, description, content, title, tags, ident, profile_id) VALUES (1, 'Policy', '', ?, '', '', ?, 'p1')",
      ).run(LONG, A);
      migrate(db);
      expect(db.prepare('SELECT id FROM guideline_heads').all()).toEqual([{ id: 1 }]);
      const [hit] = await createSqliteLibraryStore(db).search('p1', 'refund');
      expect(hit!.passage.text.length).toBeLessThan(400);
    });
  });
});
