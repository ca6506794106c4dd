import type { CatalogAgent, KnownAgent } from '../../../../electron/shared/api';
import { agentKnowledge, completionKeys, keyIndicators, unconfirmedKeys } from '../../../../renderer/lib/agentKnowledge';
import { placeholderHints } from '../../../../renderer/lib/payloadMembers';

const builtIn: KnownAgent = { id: 'a1', name: 'Drafter', description: '', placeholders: ['customer_name', 'company'], example: null };
const entry: CatalogAgent = {
  agentId: 'a1',
  name: '',
  notes: '',
  tags: [],
  placeholders: ['company', 'tone'],
  learnedKeys: ['topic', 'tone'],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('agentKnowledge', () => {
  it('merges built-in and catalog knowledge for a trimmed id', () => {
    const knowledge = agentKnowledge(' a1 ', [builtIn], [entry]);
    expect(knowledge).toMatchObject({
      name: 'Drafter',
      placeholders: ['customer_name', 'company', 'tone'],
      learnedKeys: ['topic', 'tone'],
    });
    expect(completionKeys(knowledge)).toEqual([
      { key: 'customer_name', detail: 'placeholder' },
      { key: 'company', detail: 'placeholder' },
      { key: 'tone', detail: 'placeholder' },
      { key: 'topic', detail: 'learned' },
    ]);
  });

  it('knows nothing of ids in neither list', () => {
    expect(agentKnowledge('zz', [builtIn], [entry])).toBeNull();
    expect(keyIndicators(null, { anything: 1 })).toEqual({ missing: [], newKeys: [], unconfirmed: [], typos: [], agentId: '' });
  });

  it('names the placeholders a payload lacks and the keys that are new', () => {
    const knowledge = agentKnowledge('a1', [builtIn], [entry]);
    expect(keyIndicators(knowledge, { company: 'Acme', topic: 'x', custmer: 'far off' })).toEqual({
      missing: ['customer_name', 'tone'],
      newKeys: ['custmer'],
      // Learned from an answer, but not one of the agent's placeholders: flagged until confirmed.
      unconfirmed: ['topic'],
      typos: [],
      agentId: 'a1',
    });
    expect(unconfirmedKeys(knowledge)).toEqual(['topic']);
  });

  it('names a key a small edit away from a missing placeholder as a likely typo, apart from the new keys', () => {
    const knowledge = agentKnowledge('a1', [builtIn], [entry]);
    expect(keyIndicators(knowledge, { company: 'Acme', customer_nme: 'Ada', tome: 1, extra: 2 })).toMatchObject({
      missing: ['customer_name', 'tone'],
      newKeys: ['extra'],
      typos: [
        { key: 'customer_nme', suggestion: 'customer_name' },
        { key: 'tome', suggestion: 'tone' },
      ],
    });
    // Not when the placeholder is already there (the key is then simply new), and each placeholder is offered once.
    expect(keyIndicators(knowledge, { customer_name: 'Ada', customer_nme: 'x' })).toMatchObject({ newKeys: ['customer_nme'], typos: [] });
    expect(keyIndicators(knowledge, { customer_nme: 'x', custome_name: 'y' }).typos).toEqual([
      { key: 'customer_nme', suggestion: 'customer_name' },
    ]);
  });
});

describe('placeholderHints', () => {
  it('finds {…} in string values at any depth, not in keys, with line and column', () => {
    const hints = placeholderHints('{\n  "{key}": "Hi {name}, {x y}",\n  "n": ["{deep}"], "e": "{}"\n}');
    expect(hints.map(({ placeholder, line, column }) => [placeholder, line, column])).toEqual([
      ['{name}', 2, 16],
      ['{x y}', 2, 24],
      ['{deep}', 3, 10],
    ]);
  });
});
