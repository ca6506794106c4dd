import { describe, expect, it } from 'vitest';
import { packDetail, unpackDetail } from '../../../../electron/core/db/packedDetail';
import { okInvoke } from '../../../support/scriptedPlatform';

/** A run result's detail as it is kept: packed alone, read back as the same text. */

const detail = (answer: string) =>
  JSON.stringify({ request: { agentId: 'a', text: 'hi', payload: {} }, result: okInvoke(answer), expectations: [] });

describe('a packed detail', () => {
  it('reads back as the very text it was, unicode and control characters included', () => {
    for (const text of [
      detail('Grüße, 世界! 👋🏽 — “quotes”, \u0000 nul, \u2028 separator, a lone \ud800 half'),
      detail(''),
      '{}',
      JSON.stringify('\\"\n\t'),
    ]) {
      expect(unpackDetail(packDetail(text))).toBe(text);
    }
  });

  it('keeps a large body whole, smaller than its text', () => {
    // 2 MB of varied text (a word list that repeats out of step), as a long answer would be.
    const words = ['refund', 'parcel', 'Zürich', 'order', '注文', 'delayed', 'today'];
    const answer = Array.from({ length: 300_000 }, (_, k) => words[(k * 7) % words.length]! + (k % 13)).join(' ');
    const text = detail(answer);
    const packed = packDetail(text);
    expect(unpackDetail(packed)).toBe(text);
    expect(packed.length).toBeLessThan(text.length / 2);
  });

  it("makes a typical Sandbox result's detail a fraction of its JSON", () => {
    const text = detail(
      'Hi Dana, thank you for contacting Northwind about a delayed refund. We will get back to you within one business day.',
    );
    expect(packDetail(text).length).toBeLessThan(text.length * 0.35);
  });

  it('says so when a detail is in a format this version cannot read, rather than reading garbage', () => {
    const packed = packDetail('{}');
    packed[0] = 9;
    expect(() => unpackDetail(packed)).toThrow(/format this version cannot read \(9\)/);
  });
});
