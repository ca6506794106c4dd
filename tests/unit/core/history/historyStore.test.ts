import { describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../electron/core/history/historyStore';
import { cancelledEntry, failedEntry, guidelineEntry, invokeEntry, SANDBOX } from '../../../support/historyEntries';
import { memoryDatabase } from '../../../support/memoryDatabase';

/**
 * The history store, on the app's database in memory (the real migrations): what a person
 * records, lists, searches, pins and deletes.
 */

describe('the history store', () => {
  it('gives back an entry exactly as it was recorded, the cut body still cut and flagged', async () => {
    const store = memoryDatabase().history;
    const recorded = failedEntry();
    const id = await store.record(recorded);
    const entry = await store.get(id);
    expect(entry).toMatchObject({
      ...recorded.exchange,
      id,
      recordedAt: recorded.recordedAt,
      profile: recorded.profile,
      kind: 'failed',
      pinned: false,
    });
    expect(entry?.result.ok === false && entry.result.error.exchange?.responseBodyTruncated).toBe(true);
    expect(await store.get(id + 1000)).toBeNull();
  });

  it('lists newest first, a page at a time, with a cursor to the next page', async () => {
    const store = memoryDatabase().history;
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await store.record(invokeEntry({ text: `request ${i}` })));
    const first = await store.list({ limit: 2 });
    expect(first.entries.map((e) => e.id)).toEqual([ids[4], ids[3]]);
    const second = await store.list({ limit: 2, beforeId: first.nextBeforeId! });
    expect(second.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const last = await store.list({ limit: 2, beforeId: second.nextBeforeId! });
    expect(last).toEqual({ entries: [expect.objectContaining({ id: ids[0] })], nextBeforeId: null });
  });

  it('filters by profile, kind, agent or guideline, status class, error code, token and date', async () => {
    const store = memoryDatabase().history;
    const answered = await store.record(invokeEntry({ agentId: 'drafter', token: 'tok-1' }));
    const guideline = await store.record(guidelineEntry('escalation', SANDBOX));
    const cancelled = await store.record(cancelledEntry());
    const failed = await store.record(failedEntry());
    const ids = async (query: Parameters<HistoryStore['list']>[0]) => (await store.list(query)).entries.map((e) => e.id);
    expect(await ids({ profileId: SANDBOX.id })).toEqual([guideline]);
    expect(await ids({ kind: 'cancelled' })).toEqual([cancelled]);
    expect(await ids({ kind: 'guideline' })).toEqual([guideline]);
    expect(await ids({ targetId: 'drafter' })).toEqual([answered]);
    expect(await ids({ statusClass: 5 })).toEqual([failed]);
    expect(await ids({ statusClass: 0 })).toEqual([cancelled]);
    expect(await ids({ statusClass: 2, kind: 'invoke' })).toEqual([answered]);
    expect(await ids({ errorCode: 'http_status' })).toEqual([failed]);
    expect(await ids({ tokenPresent: true })).toEqual([answered]);
    const all = (await store.list({})).entries;
    const guidelineAt = all.find((e) => e.id === guideline)!.recordedAt;
    expect(await ids({ from: guidelineAt })).toEqual([failed, cancelled, guideline]);
    expect(await ids({ to: guidelineAt })).toEqual([answered]);
    expect(all.find((e) => e.id === failed)).toMatchObject({
      what: 'invoke',
      status: 502,
      errorCode: 'http_status',
      method: 'POST',
      profile: { name: 'Staging' },
    });
  });

  it('finds entries by words of the text, the payload or the answer, with the passage and what matched', async () => {
    const store = memoryDatabase().history;
    await store.record(invokeEntry({ text: 'Where is my parcel?', answer: 'It left the depot.' }));
    const byPayload = await store.record(invokeEntry({ text: 'Hello', payload: { customer_name: 'Grace Hopper' } }));
    const byAnswer = await store.record(invokeEntry({ text: 'Status?', answer: 'The refund was approved on Monday.' }));
    const found = await store.search({ text: 'refund' });
    expect(found.hits.map((hit) => hit.entry.id)).toEqual([byAnswer]);
    const { text, highlights } = found.hits[0]!.passage;
    expect(highlights.map(({ start, end }) => text.slice(start, end))).toEqual(['refund']);
    expect((await store.search({ text: 'grace' })).hits.map((hit) => hit.entry.id)).toEqual([byPayload]);
    // Prefixes match, every word is required, and case does not matter.
    expect((await store.search({ text: 'APPROV mon' })).hits.map((hit) => hit.entry.id)).toEqual([byAnswer]);
    expect((await store.search({ text: 'approved parcel' })).hits).toEqual([]);
  });

  it('takes what a person types as words: quotes, operators and lone symbols neither fail nor mean syntax', async () => {
    const store = memoryDatabase().history;
    const id = await store.record(invokeEntry({ answer: 'Use "NEAR" AND the * key.' }));
    for (const typed of ['"near', 'NEAR(', 'and OR not', '*', 'key*"', ')('])
      await expect(store.search({ text: typed })).resolves.toBeDefined();
    expect((await store.search({ text: '"near' })).hits.map((hit) => hit.entry.id)).toEqual([id]);
    expect(await store.search({ text: '  *** ' })).toEqual({ hits: [], nextBeforeId: null });
  });

  it('searches within the filters, newest first, a page at a time', async () => {
    const store = memoryDatabase().history;
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await store.record(invokeEntry({ answer: `refund number ${i}` })));
    await store.record(invokeEntry({ answer: 'refund elsewhere', profile: SANDBOX }));
    const first = await store.search({ text: 'refund', profileId: 'p-staging', limit: 2 });
    expect(first.hits.map((hit) => hit.entry.id)).toEqual([ids[2], ids[1]]);
    const next = await store.search({ text: 'refund', profileId: 'p-staging', limit: 2, beforeId: first.nextBeforeId! });
    expect(next).toMatchObject({ hits: [{ entry: { id: ids[0] } }], nextBeforeId: null });
  });

  it('pins, deletes, and clears all or only the unpinned, never reusing a deleted id', async () => {
    const store = memoryDatabase().history;
    const a = await store.record(invokeEntry({ answer: 'alpha' }));
    const b = await store.record(invokeEntry({ answer: 'bravo' }));
    const c = await store.record(invokeEntry({ answer: 'charlie' }));
    expect(await store.pin(b, true)).toBe(true);
    expect(await store.pin(9999, true)).toBe(false);
    expect(await store.delete([c])).toBe(1);
    expect((await store.search({ text: 'charlie' })).hits).toEqual([]);
    expect(await store.record(invokeEntry())).toBeGreaterThan(c);
    expect(await store.clear({ keepPinned: true })).toBe(2);
    expect((await store.list({})).entries.map((e) => [e.id, e.pinned])).toEqual([[b, true]]);
    expect(await store.get(a)).toBeNull();
    expect(await store.clear()).toBe(1);
    expect((await store.list({})).entries).toEqual([]);
  });
});

describe('many entries at once', () => {
  it('are kept in order, all found again', async () => {
    const store = memoryDatabase().history;
    const ids = await store.recordMany([invokeEntry({ answer: 'one' }), guidelineEntry(), invokeEntry({ answer: 'three' })]);
    expect(ids).toHaveLength(3);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([...ids].reverse());
    expect((await store.search({ text: 'three' })).hits.map((hit) => hit.entry.id)).toEqual([ids[2]]);
  });
});
