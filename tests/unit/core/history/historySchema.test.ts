import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../../../electron/core/history/historySchema';
import { invokeEntry } from '../../../support/historyEntries';
import { memoryDatabase } from '../../../support/memoryDatabase';

/**
 * A search of short words (a full-text search answers in under 50 ms). The section
 * searches from 3 characters typed, and "a b", "I am a" or "w w w" are 3 or more: each word was
 * an FTS5 prefix term, and a prefix of one or two letters makes SQLite merge the entries of
 * nearly every word in the index. At 100,000 entries "w w w" took 10 to 17 s here, with the
 * host's event loop held all along (node:sqlite is synchronous), so the whole app froze on
 * a search a person types without thinking. A word shorter than 3 characters is now matched as
 * a whole word; from 3 characters on, as the start of a word, as before.
 */

it('asks FTS5 for a prefix only from 3 characters', () => {
  expect(ftsQuery(['w', 'am', 'par'])).toBe('"w" "am" "par"*');
});

describe('searching short words', () => {
  it('matches a word of one or two letters whole, and a longer one as a word start', async () => {
    const store = memoryDatabase().history;
    const [what, w, am] = await store.recordMany([
      invokeEntry({ text: 'what was wrong', answer: 'Wait a while.' }),
      invokeEntry({ text: 'plan w', answer: 'Noted.' }),
      invokeEntry({ text: 'I am here', answer: 'Amazing parcel.' }),
    ]);
    const found = async (text: string) => (await store.search({ text })).hits.map((hit) => hit.entry.id);
    expect(await found('w w w')).toEqual([w]);
    expect(await found('am')).toEqual([am]);
    expect(await found('ama')).toEqual([am]);
    expect(await found('wha')).toEqual([what]);
    expect(await found('wait a')).toEqual([what]);
  });
});
