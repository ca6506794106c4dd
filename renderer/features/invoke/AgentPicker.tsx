import { useId } from 'react';
import type { KnownAgent } from '../../../electron/shared/contract';
import { thrownMessage } from '../../lib/errorKinds';
import { PickList } from '../../ui/PickList';

interface AgentPickerProps {
  agents: KnownAgent[] | undefined;
  loading: boolean;
  error: unknown;
  selectedId: string;
  onPick: (agent: KnownAgent) => void;
}

/**
 * The agents known for the active profile. The API has no list endpoint, so this is the
 * host's knowledge, offered as shortcuts; any id can still be typed in the Agent field.
 */
export function AgentPicker({ agents, loading, error, selectedId, onPick }: AgentPickerProps) {
  const headingId = useId();
  return (
    <section className="picker" aria-labelledby={headingId}>
      <h3 id={headingId} className="section-title">
        Known agents
      </h3>
      {loading && <p className="muted small">Loading known agents…</p>}
      {error !== null && <p className="inline-error">Could not load the known agents: {thrownMessage(error)}</p>}
      {agents?.length === 0 && <p className="muted small">No known agents for this profile. Type any agent id above.</p>}
      {agents && agents.length > 0 && (
        <PickList
          currentId={selectedId}
          showIds={false}
          onPick={(id) => {
            const agent = agents.find((candidate) => candidate.id === id);
            if (agent) onPick(agent);
          }}
          items={agents.map((agent) => ({
            id: agent.id,
            name: agent.name,
            description: agent.description,
            extra: (
              <>
                {agent.placeholders.map((name) => (
                  <span key={name} className="chip mono">
                    {`{${name}}`}
                  </span>
                ))}
              </>
            ),
          }))}
        />
      )}
    </section>
  );
}
