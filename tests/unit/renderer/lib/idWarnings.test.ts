import { checkAgentId, findingSentence } from '../../../../renderer/lib/idWarnings';

const UUID = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';

describe('checkAgentId', () => {
  it('accepts a UUID, trimmed, without warnings', () => {
    expect(checkAgentId(`  ${UUID}\n`)).toEqual({ trimmed: UUID, trimmedAway: true, notUuid: false, findings: [] });
    expect(checkAgentId(UUID.toUpperCase()).notUuid).toBe(false);
    expect(checkAgentId('').notUuid).toBe(false);
  });

  it('warns when the id is not a UUID', () => {
    expect(checkAgentId('my-agent').notUuid).toBe(true);
  });

  it('points out inner whitespace and look-alike characters by position in the id as sent', () => {
    // A Cyrillic "а" at 1, an en dash at 9, a space at 15, a zero-width space at 20, full-width "５" at 22.
    const id = ' \u0430f6c2a8e\u20135b1d 4c7a\u200b-\uff15e2f ';
    const sentences = checkAgentId(id).findings.map(findingSentence);
    expect(sentences).toEqual([
      'Character 1 is a Cyrillic “а” (U+0430) that looks like Latin “a”.',
      'Character 9 is an en dash (U+2013) that looks like “-”.',
      'Character 14 is a space (U+0020) inside the id.',
      'Character 19 is a zero-width space (U+200B), invisible.',
      'Character 21 is a full-width “５” (U+FF15) that looks like “5”.',
    ]);
  });

  it('names Greek look-alikes, em dashes, no-break spaces and other non-ASCII characters', () => {
    const kinds = checkAgentId('a\u03bfb\u2014c\u00a0d\u00e9\ufeffe').findings.map((finding) => [
      finding.position,
      finding.kind,
      finding.codePoint,
    ]);
    expect(kinds).toEqual([
      [2, 'lookalike', 'U+03BF'],
      [4, 'lookalike', 'U+2014'],
      [6, 'whitespace', 'U+00A0'],
      [8, 'other', 'U+00E9'],
      [9, 'invisible', 'U+FEFF'],
    ]);
  });
});
