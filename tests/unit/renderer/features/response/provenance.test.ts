import {
  findMatches,
  missingKeys,
  occursIn,
  patternsOf,
  payloadValues,
  pieces,
  type Pattern,
} from '../../../../../renderer/features/response/provenance';

/** The highlighted stretches as [text, keys] pairs, which is what a reader sees. */
function marked(text: string, payload: Parameters<typeof payloadValues>[0]): [string, string][] {
  const patterns = patternsOf(payloadValues(payload));
  return findMatches(text, patterns).matches.map(
    (match) => [text.slice(match.start, match.end), patterns[match.pattern]?.keys ?? []].flat() as [string, string],
  );
}

describe('payload values looked for in an answer', () => {
  it('takes strings as they are, numbers and booleans as JSON, flattens nested leaves, skips short ones and null', () => {
    expect(payloadValues({ name: 'Ada', age: 42, vip: true, x: 'y', none: null, customer: { city: 'Oslo', tags: ['gold', 7] } })).toEqual([
      { key: 'name', text: 'Ada', kind: 'string' },
      { key: 'age', text: '42', kind: 'literal' },
      { key: 'vip', text: 'true', kind: 'literal' },
      { key: 'customer.city', text: 'Oslo', kind: 'string' },
      { key: 'customer.tags[0]', text: 'gold', kind: 'string' },
    ]);
  });

  it('groups keys that share a value into one pattern naming both', () => {
    expect(patternsOf(payloadValues({ company: 'Acme', brand: 'Acme' }))).toEqual([
      { text: 'Acme', keys: ['company', 'brand'], bounded: false },
    ]);
  });
});

describe('finding payload values', () => {
  it('marks every occurrence with its key, in order', () => {
    expect(marked('Hi Ada, Acme here. Bye Ada.', { customer: 'Ada', company: 'Acme' })).toEqual([
      ['Ada', 'customer'],
      ['Acme', 'company'],
      ['Ada', 'customer'],
    ]);
  });

  it('cuts the text into plain stretches and values, losing no character', () => {
    const text = 'Ada, Acme here.';
    const patterns = patternsOf(payloadValues({ customer: 'Ada', company: 'Acme' }));
    const cut = pieces(text, patterns, findMatches(text, patterns).matches);
    expect(cut).toEqual([
      { start: 0, text: 'Ada', keys: ['customer'] },
      { start: 3, text: ', ', keys: null },
      { start: 5, text: 'Acme', keys: ['company'] },
      { start: 9, text: ' here.', keys: null },
    ]);
    expect(cut.map((piece) => piece.text).join('')).toBe(text);
  });

  it('takes regex-special characters literally', () => {
    expect(marked('cost (a+b)*2 is $5.00? yes: (a+b)*2', { formula: '(a+b)*2', price: '$5.00?', dot: 'a.b' })).toEqual([
      ['(a+b)*2', 'formula'],
      ['$5.00?', 'price'],
      ['(a+b)*2', 'formula'],
    ]);
  });

  it('lets the longer of two overlapping values that start first win, and never marks a character twice', () => {
    const text = 'Ada Lovelace Labs and Ada';
    expect(marked(text, { first: 'Ada', full: 'Ada Lovelace', lab: 'Lovelace Labs' })).toEqual([
      ['Ada Lovelace', 'full'],
      ['Ada', 'first'],
    ]);
  });

  it('does not find a number inside a longer number or a decimal, but does next to punctuation', () => {
    expect(marked('Order 1423 costs 42, not 420, 3.42 or 42.5; total 42.', { qty: 42 })).toEqual([
      ['42', 'qty'],
      ['42', 'qty'],
    ]);
  });

  it('stops after the limit and says up to where the marks are complete', () => {
    const text = 'ab '.repeat(10);
    const patterns: Pattern[] = [{ text: 'ab', keys: ['k'], bounded: false }];
    const result = findMatches(text, patterns, 3);
    expect(result.matches).toHaveLength(3);
    expect(result.completeUpTo).toBe(9);
    expect(findMatches(text, patterns, 100).completeUpTo).toBe(text.length);
  });
});

describe('keys not found in the answer', () => {
  it('lists the keys none of whose value occurs, in payload order', () => {
    const values = payloadValues({ company: 'Acme', topic: 'refund', customer_name: 'Ada', count: 12 });
    expect(missingKeys('Hello Ada from Acme, order 123', values)).toEqual(['topic', 'count']);
  });

  it('counts a value found only inside a longer highlighted one as found', () => {
    expect(missingKeys('Ada Lovelace', payloadValues({ first: 'Ada', full: 'Ada Lovelace' }))).toEqual([]);
  });

  it('checks a window without running past it, and finds a value that straddles the window end', () => {
    const pattern: Pattern = { text: 'needle', keys: ['k'], bounded: false };
    const text = `${'x'.repeat(100)}needle${'x'.repeat(100)}`;
    expect(occursIn(text, pattern, 0, 50)).toBe(false);
    expect(occursIn(text, pattern, 50, 103)).toBe(true); // starts at 100, ends past the window
    expect(occursIn(text, pattern, 101, 300)).toBe(false);
  });
});
