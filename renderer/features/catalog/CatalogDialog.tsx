import { useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useCatalog } from './queries/catalog';
import { useKnownAgents } from './queries/knownLists';
import { ModalDialog } from '../../ui/ModalDialog';
import { CatalogEntryForm } from './CatalogEntryForm';

/** Which entry the dialog shows: a saved one by id, or a new one (optionally starting from an id). */
type Selection = { kind: 'entry'; agentId: string } | { kind: 'new'; agentId: string };

/**
 * The agent catalog of the active profile: what the user knows about agents the API cannot
 * list (name, notes, tags, placeholders). Opened from the Agent field; it shows that agent's
 * entry, or a new entry for it when it has none.
 */
export function CatalogDialog({ initialAgentId, onClose }: { initialAgentId: string; onClose: () => void }) {
  const catalog = useCatalog();
  const known = useKnownAgents().data;
  // Entries the host made by itself (learned keys of a built-in agent) have no name of their own.
  const nameOf = (agentId: string, name: string) => name || known?.find((agent) => agent.id === agentId)?.name || agentId;
  const [chosen, setChosen] = useState<Selection | null>(null);
  // Where focus goes in the next form: it is a new element after each change of entry.
  const [focusField, setFocusField] = useState<'agentId' | 'name'>(initialAgentId === '' ? 'agentId' : 'name');
  const entries = catalog.data ?? [];
  const initialKnown = entries.some((entry) => entry.agentId === initialAgentId);
  // Until the user chooses, follow the opener's agent (the catalog may still be loading).
  const selection: Selection =
    chosen ?? (initialKnown ? { kind: 'entry', agentId: initialAgentId } : { kind: 'new', agentId: initialAgentId });
  const entry = selection.kind === 'entry' ? (entries.find((candidate) => candidate.agentId === selection.agentId) ?? null) : null;
  const formKey = selection.kind === 'entry' && entry ? `entry:${entry.agentId}:${entry.updatedAt}` : `new:${selection.agentId}`;

  return (
    <ModalDialog
      title="Agent catalog"
      subtitle="Agents you use with this profile, with what you know about them. Kept on this computer."
      className="catalog-dialog"
      onClose={onClose}
    >
      <div className="dialog-body">
        <div className="profile-side">
          <button
            type="button"
            className="button-quiet profile-new"
            aria-current={selection.kind === 'new' ? 'true' : undefined}
            onClick={() => {
              setChosen({ kind: 'new', agentId: '' });
              setFocusField('agentId');
            }}
          >
            New entry
          </button>
          {catalog.isPending && <p className="muted small">Loading the catalog…</p>}
          {catalog.isError && <p className="inline-error">Could not load the catalog: {thrownMessage(catalog.error)}</p>}
          {catalog.isSuccess && entries.length === 0 && <p className="muted small">No entries yet.</p>}
          <ul className="list-stack profile-list" aria-label="Catalog entries">
            {entries.map((item) => (
              <li key={item.agentId}>
                <button
                  type="button"
                  className="profile-item"
                  aria-current={entry?.agentId === item.agentId ? 'true' : undefined}
                  onClick={() => {
                    setChosen({ kind: 'entry', agentId: item.agentId });
                    setFocusField('name');
                  }}
                >
                  <span className="pick-name">{nameOf(item.agentId, item.name)}</span>
                  <span className="mono muted small catalog-id">{item.agentId}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="profile-main">
          <CatalogEntryForm
            key={formKey}
            entry={entry}
            title={entry ? nameOf(entry.agentId, entry.name) : 'New entry'}
            initialAgentId={selection.agentId}
            focusField={focusField}
            builtInPlaceholders={known?.find((agent) => agent.id === selection.agentId)?.placeholders ?? []}
            onSaved={(agentId) => {
              setChosen({ kind: 'entry', agentId });
              setFocusField('name');
            }}
            onDeleted={() => {
              setChosen({ kind: 'new', agentId: '' });
              setFocusField('agentId');
            }}
          />
        </div>
      </div>
    </ModalDialog>
  );
}
