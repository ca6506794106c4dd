import { formFor, inputFrom, parseList } from '../../../renderer/features/catalog/catalogForm';

describe('catalog form', () => {
  it('reads lists separated by commas, spaces or lines, without repeats; braces dropped from placeholders', () => {
    expect(parseList('a, b  c\nb,,')).toEqual(['a', 'b', 'c']);
    expect(parseList('{customer_name}, company', true)).toEqual(['customer_name', 'company']);
  });

  it('trims the id and refuses an empty one', () => {
    expect(inputFrom({ ...formFor(null), agentId: '  ' })).toEqual({ ok: false, field: 'agentId', message: 'Enter the agent id.' });
    expect(inputFrom({ agentId: ' x ', name: ' N ', notes: '', tags: 'a b', placeholders: '{p}' })).toEqual({
      ok: true,
      input: { agentId: 'x', name: 'N', notes: '', tags: ['a', 'b'], placeholders: ['p'] },
    });
  });
});
