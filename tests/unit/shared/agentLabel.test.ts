import { describe, expect, it } from 'vitest';
import { agentLabel, shortAgentId } from '../../../electron/shared/agentLabel';

/** How an agent is named in the command line's lines, the run reports and the app's run views. */
describe('agentLabel', () => {
  const ID = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';

  it('a known name with the start of the id; the id whole where no name is known', () => {
    expect(agentLabel(ID, 'Support reply drafter')).toBe('Support reply drafter (3f6c2a8e…)');
    expect(agentLabel(ID, '  Support reply drafter ')).toBe('Support reply drafter (3f6c2a8e…)');
    expect(agentLabel(ID, undefined)).toBe(ID);
    expect(agentLabel(ID, '   ')).toBe(ID);
  });

  it('shortens only an id longer than 9 characters', () => {
    expect(shortAgentId(ID)).toBe('3f6c2a8e…');
    expect(shortAgentId('agent-one')).toBe('agent-one');
    expect(agentLabel('a1', 'Drafter')).toBe('Drafter (a1)');
  });
});
