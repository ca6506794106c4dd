import { useEffect, useId, useRef } from 'react';
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
  /** Folded to one line naming the agent picked, so the fields below get the room. */
  folded: boolean;
  onFold: (folded: boolean) => void;
}

/**
 * The agents known for the active profile. The API has no list endpoint, so this is the
 * host's knowledge (built-in agents) and the user's own catalog, offered as shortcuts; any
 * id can still be typed in the Agent field. Once one is picked the lists fold to one line
 * naming it (a button, so a click or Enter opens them again), leaving the height to the payload.
 */
export function AgentPicker({ agents, loading, error, catalog, selectedId, onPick, onPickCatalog, folded, onFold }: AgentPickerProps) {
  const headingId = useId();
  const catalogHeadingId = useId();
  const listsId = useId();
  // Built-in agents are listed above; their catalog entries (often only learned keys) add to them there.
  const ownAgents = catalog?.filter((entry) => !agents?.some((agent) => agent.id === entry.agentId)) ?? [];
  const pickedName = pickedAgentName(selectedId, agents, catalog);
  // Folding or unfolding takes away the button that was pressed: focus goes to what replaced it.
  const root = useRef<HTMLDivElement>(null);
  const wasFolded = useRef(folded);
  useEffect(() => {
    if (wasFolded.current === folded) return;
    wasFolded.current = folded;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost || !root.current) return;
    const find = (selector: string) => root.current?.querySelector<HTMLElement>(selector);
    (folded ? find('button') : (find('.pick-item[aria-current="true"]') ?? find('.pick-item, button')))?.focus();
  }, [folded]);
  if (folded) {
    return (
      <div ref={root} className="picker-folded">
        <button type="button" className="picker-fold-toggle" aria-expanded="false" onClick={() => onFold(false)}>
          <span className="section-title">Known agents</span>
          <span className="picker-folded-name">{pickedName ?? 'none picked'}</span>
          <span className="muted small">Show the list</span>
        </button>
      </div>
    );
  }
  return (
    <div ref={root} id={listsId} className="picker-lists">
      <section className="picker" aria-labelledby={headingId}>
        <div className="split-row">
          <h3 id={headingId} className="section-title">
            Known agents
          </h3>
          {pickedName !== null && (
            <button type="button" className="button-link small" aria-expanded="true" aria-controls={listsId} onClick={() => onFold(true)}>
              Fold the list
            </button>
          )}
        </div>
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
    </div>
  );
}

/** The name of the agent picked, when it is one of the lists' (built-in first, then the catalog's). */
function pickedAgentName(id: string, agents: readonly KnownAgent[] | undefined, catalog: readonly CatalogAgent[] | undefined) {
  if (id === '') return null;
  const known = agents?.find((agent) => agent.id === id);
  if (known) return known.name;
  const entry = catalog?.find((candidate) => candidate.agentId === id);
  return entry ? entry.name.trim() || entry.agentId : null;
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
