import { describe, expect, it } from 'vitest';
import { HEAD_CHARS, head, headsOf, HISTORY_PASSAGE, passageCutter } from '../../../../electron/core/db/searchPassage';

/** The passage of a search hit, as the History section and the library show it. */

const passageOf = (fields: string[], terms: string[], shape = HISTORY_PASSAGE) => passageCutter(terms, shape)(fields);
const marked = (passage: { text: string; highlights: Array<{ start: number; end: number }> }) =>
  passage.highlights.map(({ start, end }) => passage.text.slice(start, end));

describe('passageCutter', () => {
  it('shows the first field holding a match, around it, with every matching word marked whole', () => {
    const passage = passageOf(['Status?', '{}', 'The refund was approved. Refunds take a week.'], ['refund'], HISTORY_PASSAGE);
    expect(passage.text).toBe('The refund was approved. Refunds take a week.');
    expect(marked(passage)).toEqual(['refund', 'Refunds']);
  });

  it('matches words of one or two letters whole, and ignores case and accents', () => {
    expect(marked(passageOf(['I am at the Amazing café, amid it'], ['am', 'cafe'], HISTORY_PASSAGE))).toEqual(['am', 'café']);
    expect(marked(passageOf(['Crème brûlée'], ['creme', 'brul'], HISTORY_PASSAGE))).toEqual(['Crème', 'brûlée']);
    // A letter whose lower case is two characters long does not shift the ranges after it.
    expect(marked(passageOf(['İstanbul ÉTÉ été'], ['ete'], HISTORY_PASSAGE))).toEqual(['ÉTÉ', 'été']);
  });

  it('cuts a long field on word boundaries, with an ellipsis where it was cut', () => {
    const field = `${'lorem ipsum '.repeat(20)}the refund was approved ${'dolor sit '.repeat(20)}`;
    const passage = passageOf([field], ['refund'], HISTORY_PASSAGE);
    expect(passage.text).toMatch(/^…\S/);
    expect(passage.text).toMatch(/\S…$/);
    expect(passage.text.length).toBeLessThanOrEqual(HISTORY_PASSAGE.length + 2);
    expect(marked(passage)).toEqual(['refund']);
  });

  it('gives the start of the longest field when the match lies past every head', () => {
    const long = `Start of it. ${'x '.repeat(HEAD_CHARS)}needle`;
    const passage = passageOf(['short', long], ['needle'], HISTORY_PASSAGE);
    expect(passage.text.startsWith('Start of it.')).toBe(true);
    expect(passage.highlights).toEqual([]);
  });

  it('never splits a character in two, and keeps the private-use marks out', () => {
    const emoji = '😀'.repeat(HEAD_CHARS);
    expect(head(emoji).length % 2).toBe(0);
    // Both ends of the window fall inside a pair here, with no space to move to.
    const passage = passageOf([`${'😀'.repeat(60)}-matchy${'😀'.repeat(60)}`], ['match'], HISTORY_PASSAGE);
    expect(passage.text).not.toMatch(/[\uD800-\uDFFF]/u); // a lone half of a pair
    expect(marked(passage)).toEqual(['matchy']);
    expect(passageOf(['a \uE000match\uE001 b'], ['match'], HISTORY_PASSAGE).text).toBe('a  match  b');
  });

  it('keeps heads only when a field is longer than they are', () => {
    expect(headsOf(['a', 'b'])).toBeNull();
    expect(headsOf(['a', 'b'.repeat(HEAD_CHARS + 1)])?.map((text) => text.length)).toEqual([1, HEAD_CHARS]);
  });
});
