import { confirmLearnedKey, formFor, inputFrom, parseList, removeLearnedKey } from '../../../../../renderer/features/catalog/catalogForm';

describe('catalog form', () => {
  it('reads lists separated by commas, spaces or lines, without repeats; braces dropped from placeholders', () => {
    expect(parseList('a, b  c\nb,,')).toEqual(['a', 'b', 'c']);
    expect(parseList('{customer_name}, company', true)).toEqual(['customer_name', 'company']);
  });

  it('trims the id and refuses an empty one', () => {
    expect(inputFrom({ ...formFor(null), agentId: '  ' })).toEqual({ ok: false, field: 'agentId', message: 'Enter the agent id.' });
    expect(inputFrom({ agentId: ' x ', name: ' N ', notes: '', tags: 'a b', placeholders: '{p}', learnedKeys: null })).toEqual({
      ok: true,
      input: { agentId: 'x', name: 'N', notes: '', tags: ['a', 'b'], placeholders: ['p'] },
    });
  });

  it('a review of learned keys confirms them into the placeholders or removes them; the save sends what is kept', () => {
    const entry = {
      agentId: 'x',
      name: '',
      notes: '',
      tags: [],
      placeholders: ['city'],
      learnedKeys: ['city', 'ctiy', 'date'],
      updatedAt: '',
    };
    let form = formFor(entry);
    form = confirmLearnedKey(form, 'date');
    form = confirmLearnedKey(form, 'date');
    form = removeLearnedKey(form, 'ctiy');
    expect(inputFrom(form)).toEqual({
      ok: true,
      input: { agentId: 'x', name: '', notes: '', tags: [], placeholders: ['city', 'date'], learnedKeys: ['city', 'date'] },
    });
  });
});
