import type { KnownAgent } from '../../../../../electron/shared/api';
import { draftReducer, initialDraft, showsExample } from '../../../../../renderer/features/invoke/draft';

const withExample: KnownAgent = {
  id: 'a1',
  name: 'A',
  description: '',
  placeholders: ['x'],
  example: { text: 'Example text', payload: { x: 1 } },
};
const withoutExample: KnownAgent = { id: 'b2', name: 'B', description: '', placeholders: [], example: null };

describe('draftReducer', () => {
  it('fills the example when picking an agent on a blank draft', () => {
    const draft = draftReducer(initialDraft, { type: 'pick', agent: withExample });
    expect(draft).toEqual({ agentId: 'a1', text: 'Example text', payloadText: '{\n  "x": 1\n}', source: 'example' });
    expect(showsExample(draft, withExample)).toBe(true);
  });

  it('keeps what the user wrote and only changes the agent id', () => {
    const written = draftReducer(initialDraft, { type: 'text', value: 'mine' });
    const draft = draftReducer(written, { type: 'pick', agent: withExample });
    expect(draft).toMatchObject({ agentId: 'a1', text: 'mine', payloadText: '{}' });
    expect(showsExample(draft, withExample)).toBe(false);
  });

  it('replaces an untouched example when another agent is picked', () => {
    const first = draftReducer(initialDraft, { type: 'pick', agent: withExample });
    expect(draftReducer(first, { type: 'pick', agent: withoutExample })).toEqual({ ...initialDraft, agentId: 'b2' });
  });

  it('puts the example back on request', () => {
    const edited = draftReducer(draftReducer(initialDraft, { type: 'pick', agent: withExample }), { type: 'payload', value: '{' });
    expect(draftReducer(edited, { type: 'useExample', agent: withExample })).toMatchObject({ text: 'Example text', source: 'example' });
  });
});
