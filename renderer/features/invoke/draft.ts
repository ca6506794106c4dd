import type { KnownAgent } from '../../../electron/shared/api';

/**
 * The request being written on the Agents tab. Kept as a reducer so that "picking an agent
 * fills its example only if the user has not written anything of their own" is one pure,
 * testable rule rather than scattered state.
 */
export interface InvokeDraft {
  agentId: string;
  text: string;
  payloadText: string;
  /** Where Text and Payload came from: only 'empty' or 'example' may be replaced on a pick. */
  source: 'empty' | 'example' | 'user';
}

export type DraftAction =
  | { type: 'agentId'; value: string }
  | { type: 'text'; value: string }
  | { type: 'payload'; value: string }
  | { type: 'pick'; agent: KnownAgent }
  | { type: 'useExample'; agent: KnownAgent };

const EMPTY_PAYLOAD = '{}';

export const initialDraft: InvokeDraft = { agentId: '', text: '', payloadText: EMPTY_PAYLOAD, source: 'empty' };

/** True when Text is empty and Payload is empty or `{}`: nothing of the user's would be lost. */
export function isBlank(draft: InvokeDraft): boolean {
  const payload = draft.payloadText.trim();
  return draft.text === '' && (payload === '' || payload === EMPTY_PAYLOAD);
}

/** The example as editor text: the payload pretty-printed so it is easy to edit. */
function exampleFields(agent: KnownAgent): { text: string; payloadText: string } | null {
  if (!agent.example) return null;
  return { text: agent.example.text, payloadText: JSON.stringify(agent.example.payload, null, 2) };
}

/** True when the draft's Text and Payload already are the agent's example (or it has none). */
export function showsExample(draft: InvokeDraft, agent: KnownAgent): boolean {
  const example = exampleFields(agent);
  return !example || (draft.text === example.text && draft.payloadText === example.payloadText);
}

export function draftReducer(draft: InvokeDraft, action: DraftAction): InvokeDraft {
  switch (action.type) {
    case 'agentId':
      return { ...draft, agentId: action.value };
    case 'text':
      return { ...draft, text: action.value, source: 'user' };
    case 'payload':
      return { ...draft, payloadText: action.value, source: 'user' };
    case 'pick': {
      const replaceable = isBlank(draft) || draft.source === 'example';
      if (!replaceable) return { ...draft, agentId: action.agent.id };
      const example = exampleFields(action.agent);
      return example ? { agentId: action.agent.id, ...example, source: 'example' } : { ...initialDraft, agentId: action.agent.id };
    }
    case 'useExample': {
      const example = exampleFields(action.agent);
      return example ? { agentId: action.agent.id, ...example, source: 'example' } : draft;
    }
  }
}
