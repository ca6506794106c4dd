import { useId } from 'react';
import type { CatalogAgent, KnownAgent } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { PickList } from '../../ui/PickList';

interface AgentPickerProps {
  agents: KnownAgent[] | undefined;
  loading: boolean;
  error: unknown;
  catalog: CatalogAgent[] | undefined;
  selectedId: string;
  onPick: (agent: KnownAgent) => void;
  onPickCatalog: (agentId: string) => void;
}

/**
 * The agents known for the active profile. The API has no list endpoint, so this is the
 * host's knowledge (built-in agents) and the user's own catalog, offered as shortcuts; any
 * id can still be typed in the Agent field.
 */
export function AgentPicker({ agents, loading, error, catalog, selectedId, onPick, onPickCatalog }: AgentPickerProps) {
  const headingId = useId();
  const catalogHeadingId = useId();
  // Built-in agents are listed above; their catalog entries (often only learned keys) add to them there.
  const ownAgents = catalog?.filter((entry) => !agents?.some((agent) => agent.id === entry.agentId)) ?? [];
  return (
    <>
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
              extra: <Chips names={agent.placeholders} braces />,
            }))}
          />
        )}
      </section>
      {ownAgents.length > 0 && (
        <section className="picker" aria-labelledby={catalogHeadingId}>
          <h3 id={catalogHeadingId} className="section-title">
            Your catalog
          </h3>
          <PickList
            currentId={selectedId}
            onPick={onPickCatalog}
            items={ownAgents.map((entry) => ({
              id: entry.agentId,
              name: entry.name.trim() || entry.agentId,
              description: entry.notes,
              extra: <Chips names={entry.tags} />,
            }))}
          />
        </section>
      )}
    </>
  );
}

function Chips({ names, braces = false }: { names: readonly string[]; braces?: boolean }) {
  return (
    <>
      {names.map((name) => (
        <span key={name} className="chip mono">
          {braces ? `{${name}}` : name}
        </span>
      ))}
    </>
  );
}
