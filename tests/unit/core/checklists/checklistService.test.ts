// @vitest-environment jsdom
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecklistMethods } from '../../../../electron/core/checklists/checklistService';
import { validateSaveEntryChecklist } from '../../../../electron/core/checklists/checklistValidate';
import { createHistoryMethods } from '../../../../electron/core/history/historyService';
import { migrate, userVersion } from '../../../../electron/core/db/migrations';
import { openAppDatabase } from '../../../../electron/core/db/open';
import { entryMarkdown } from '../../../../electron/shared/reports/reportMarkdown';
import { buildReportBundle } from '../../../../electron/shared/reports/reportBundle';
import type { EntryChecklist, SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { invokeEntry } from '../../../support/historyEntries';

/** Checklists against an answer: kept with the history entry, reloaded, in its QA report. */

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-checklist-'));
  dirs.push(dir);
  return path.join(dir, 'history.sqlite');
}

const HASH = 'ab'.repeat(32);
const request = (entryId: number): SaveEntryChecklistRequest => ({
  entryId,
  guidelineId: 'refunds',
  guidelineName: 'Refunds <b>policy</b>',
  versionHash: HASH,
  fetchedAt: '2026-11-20T09:30:00.000Z',
  items: [
    { section: 'Refunds', text: 'Refund within 30 days.', depth: 0, mark: 'pass', comment: '', by: 'person' },
    {
      section: 'Refunds',
      text: 'Never ask for the card number.',
      depth: 1,
      mark: 'fail',
      comment: 'Asked for it <script>x</script>',
      by: 'person',
    },
    { section: 'Tone', text: 'Be kind.', depth: 0, mark: null, comment: '', by: 'person' },
  ],
});
const clock = () => new Date('2026-11-23T08:05:00.000Z');

describe('checklists kept with a history entry', () => {
  it('are kept in the history file, reload after a restart, are replaced per guideline and go with their entry', async () => {
    const file = tempFile();
    const first = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    const id = await first.history.record(invokeEntry());
    const methods = createChecklistMethods(first.checklists, { wallClock: clock });
    expect(await methods.saveEntryChecklist(request(id))).toMatchObject({ ok: true, value: { savedAt: '2026-11-23T08:05:00.000Z' } });
    const changed = request(id);
    changed.items[2]!.mark = 'n/a';
    await methods.saveEntryChecklist(changed);
    first.close();
    await first.checked;

    const second = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    const kept = await second.checklists.list(id);
    expect(kept).toEqual([{ ...changed, savedAt: '2026-11-23T08:05:00.000Z' } satisfies EntryChecklist]);
    await second.history.delete([id]);
    expect(await second.checklists.list(id)).toEqual([]);
    second.close();
    await second.checked;
  });

  it('is refused for an entry that does not exist', async () => {
    const store = openAppDatabase(tempFile(), () => undefined, { checkDelayMs: 60_000 });
    const methods = createChecklistMethods(store.checklists, { wallClock: clock });
    expect(await methods.saveEntryChecklist(request(999))).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringContaining('no history entry 999') },
    });
    store.close();
    await store.checked;
  });

  it('comes with migration 7, added to a file of format 5 that keeps its entries', async () => {
    const file = tempFile();
    const old = new DatabaseSync(file);
    migrate(old, 5);
    old.close();
    const store = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    const id = await store.history.record(invokeEntry());
    await store.checklists.save({ ...request(id), savedAt: clock().toISOString() });
    expect(await store.checklists.list(id)).toHaveLength(1);
    store.close();
    await store.checked;
    const reopened = new DatabaseSync(file);
    expect(userVersion(reopened)).toBeGreaterThanOrEqual(7);
    reopened.close();
  });

  it('keeps which marks came from a judge, and reads checklists kept before judges as the person’s', async () => {
    const file = tempFile();
    const first = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    const id = await first.history.record(invokeEntry());
    const judged = request(id);
    judged.items[1] = { ...judged.items[1]!, by: 'judge' };
    await createChecklistMethods(first.checklists, { wallClock: clock }).saveEntryChecklist(judged);
    expect((await first.checklists.list(id))[0]!.items.map((item) => item.by)).toEqual(['person', 'judge', 'person']);
    first.close();
    await first.checked;

    // As an older version kept it: items without `by`.
    const raw = new DatabaseSync(file);
    const row = raw.prepare('SELECT body FROM history_checklists WHERE entry_id = ?').get(id) as { body: string };
    const body = JSON.parse(row.body) as { items: Record<string, unknown>[] };
    for (const item of body.items) delete item['by'];
    raw.prepare('UPDATE history_checklists SET body = ? WHERE entry_id = ?').run(JSON.stringify(body), id);
    raw.close();
    const second = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
    expect((await second.checklists.list(id))[0]!.items.map((item) => item.by)).toEqual(['person', 'person', 'person']);
    second.close();
    await second.checked;
  });

  it('validates `by`: person or judge, a judge only on a mark, and left out read as the person’s', () => {
    const item = { section: '', text: 'x', depth: 0, mark: 'fail', comment: 'why' };
    expect(validateSaveEntryChecklist({ ...request(1), items: [{ ...item, by: 'judge' }] })).toMatchObject({
      ok: true,
      value: { items: [{ ...item, by: 'judge' }] },
    });
    expect(validateSaveEntryChecklist({ ...request(1), items: [item] })).toMatchObject({
      ok: true,
      value: { items: [{ ...item, by: 'person' }] },
    });
    for (const bad of [
      { ...item, by: 'robot' },
      { ...item, mark: null, by: 'judge' },
      { ...item, by: null },
    ])
      expect(validateSaveEntryChecklist({ ...request(1), items: [bad] })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('validates strictly: marks, hash, time, sizes and unknown fields', () => {
    expect(validateSaveEntryChecklist(request(1)).ok).toBe(true);
    const bad: unknown[] = [
      { ...request(1), extra: 1 },
      { ...request(0) },
      { ...request(1), versionHash: 'nothex' },
      { ...request(1), fetchedAt: 'yesterday' },
      { ...request(1), items: [] },
      { ...request(1), items: [{ section: '', text: 'x', depth: 0, mark: 'maybe', comment: '' }] },
      { ...request(1), items: [{ section: '', text: 'x', depth: 0, mark: 'pass', comment: 'c'.repeat(2_001) }] },
      { ...request(1), items: [{ section: '', text: 'x', depth: 0, mark: 'pass' }] },
    ];
    for (const raw of bad) expect(validateSaveEntryChecklist(raw)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });
});

describe('a checklist in the QA report', () => {
  it('is in the JSON (versioned, with the guideline id, hash and fetch time), the HTML (escaped) and the Markdown', async () => {
    const store = openAppDatabase(null, () => undefined);
    const id = await store.history.record(invokeEntry());
    const other = await store.history.record(invokeEntry());
    await createChecklistMethods(store.checklists, { wallClock: clock }).saveEntryChecklist(request(id));
    const history = createHistoryMethods(store.history, {
      wallClock: clock,
      version: '1.2.3',
      retention: async () => ({ kind: 'all' }),
      checklists: store.checklists,
    });

    const json = await history.api.buildHistoryReport({ ids: [id, other], note: '', format: 'json' });
    if (!json.ok) throw new Error(json.error.message);
    const bundle = JSON.parse(json.value.content) as { entries: Array<Record<string, unknown>> };
    expect(bundle.entries[0]!['checklists']).toEqual({
      version: 1,
      lists: [
        {
          guideline: { id: 'refunds', name: 'Refunds <b>policy</b>', versionHash: HASH, fetchedAt: '2026-11-20T09:30:00.000Z' },
          savedAt: '2026-11-23T08:05:00.000Z',
          counts: { pass: 1, fail: 1, na: 0, unmarked: 1 },
          // The person's marks carry no `by` in the report: its bytes are as before judges.
          items: request(id).items.map(({ by: _by, ...item }) => item),
        },
      ],
    });
    // An entry without a checklist has no such part: older readers and bytes are unchanged.
    expect('checklists' in bundle.entries[1]!).toBe(false);

    const html = await history.api.buildHistoryReport({ ids: [id], note: '', format: 'html' });
    if (!html.ok) throw new Error(html.error.message);
    const doc = new DOMParser().parseFromString(html.value.content, 'text/html');
    const table = doc.querySelector('table.checklist')!;
    expect([...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Refunds', 'Refund within 30 days.', 'pass', ''],
      ['Refunds', 'Never ask for the card number.', 'fail', 'Asked for it <script>x</script>'],
      ['Tone', 'Be kind.', 'not marked', ''],
    ]);
    expect(doc.querySelector('script, b')).toBeNull();
    expect(doc.body.textContent).toContain(HASH);

    const entry = (await store.history.get(id))!;
    const markdown = entryMarkdown(
      buildReportBundle({
        sources: [entry],
        note: '',
        appVersion: '1.2.3',
        createdAt: clock(),
        checklists: [await store.checklists.list(id)],
      }).entries[0]!,
      '1.2.3',
    );
    expect(markdown).toContain('1 pass, 1 fail, 0 n/a, 1 not marked');
    expect(markdown).toContain('  - **fail** `Never ask for the card number.` (`Refunds`): `Asked for it <script>x</script>`');
    store.close();
  });

  it('says which marks came from a judge agent: in the JSON, the HTML and the Markdown', async () => {
    const store = openAppDatabase(null, () => undefined);
    const id = await store.history.record(invokeEntry());
    const judged = request(id);
    judged.items[1] = { ...judged.items[1]!, by: 'judge' };
    await createChecklistMethods(store.checklists, { wallClock: clock }).saveEntryChecklist(judged);
    const history = createHistoryMethods(store.history, {
      wallClock: clock,
      version: '1.2.3',
      retention: async () => ({ kind: 'all' }),
      checklists: store.checklists,
    });
    const json = await history.api.buildHistoryReport({ ids: [id], note: '', format: 'json' });
    if (!json.ok) throw new Error(json.error.message);
    const bundle = JSON.parse(json.value.content) as { entries: { checklists: { lists: { items: Record<string, unknown>[] }[] } }[] };
    expect(bundle.entries[0]!.checklists.lists[0]!.items.map((item) => item['by'] ?? 'absent')).toEqual(['absent', 'judge', 'absent']);

    const html = await history.api.buildHistoryReport({ ids: [id], note: '', format: 'html' });
    if (!html.ok) throw new Error(html.error.message);
    const doc = new DOMParser().parseFromString(html.value.content, 'text/html');
    expect([...doc.querySelectorAll('table.checklist tbody tr td:nth-child(3)')].map((cell) => cell.textContent)).toEqual([
      'pass',
      'fail (judge)',
      'not marked',
    ]);
    expect(doc.body.textContent).toContain('1 marked by a judge agent, confirmed by a person');
    store.close();
  });
});
