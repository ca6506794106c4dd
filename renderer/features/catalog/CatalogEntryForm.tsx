import { useEffect, useId, useRef, useState } from 'react';
import type { CatalogAgent } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useDeleteCatalogAgent, useSaveCatalogAgent } from './queries/catalog';
import { useProfiles } from '../profile/queries/profiles';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { TextField } from '../../ui/FormFields';
import { confirmLearnedKey, formFor, inputFrom, parseList, removeLearnedKey, type CatalogForm } from './catalogForm';
import { LearnedKeys } from './LearnedKeys';

interface CatalogEntryFormProps {
  /** The entry being edited, or null for a new one. */
  entry: CatalogAgent | null;
  /** What the form is headed: the entry's name, or the agent's built-in name. */
  title: string;
  /** For a new entry: the id to start with (the Agent field's). */
  initialAgentId: string;
  /** The field that takes focus when the form appears (a saved entry's id cannot be edited). */
  focusField: 'agentId' | 'name';
  /** The placeholders the app knows for this agent by itself (the Sandbox's), if any. */
  builtInPlaceholders?: readonly string[];
  onSaved: (agentId: string) => void;
  onDeleted: () => void;
}

/**
 * One catalog entry: id (fixed once saved: a different id is a different agent), name,
 * notes, tags and the placeholders the user knows of. The keys the host learned from
 * answered requests are shown beside them, marked learned, to confirm or remove.
 */
export function CatalogEntryForm({
  entry,
  title,
  initialAgentId,
  focusField,
  builtInPlaceholders = [],
  onSaved,
  onDeleted,
}: CatalogEntryFormProps) {
  const profileId = useProfiles().data?.activeProfileId ?? '';
  const save = useSaveCatalogAgent();
  const remove = useDeleteCatalogAgent();
  const [form, setForm] = useState<CatalogForm>(() => formFor(entry, initialAgentId));
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteButtonRef, deleteCancelled] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  const notesId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // Each entry gets a new form (keyed by the dialog), so this runs when the entry changes.
  useEffect(() => {
    const target = entry && focusField === 'agentId' ? 'name' : focusField;
    formRef.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus();
    // Only on mount: later renders must not pull focus back while the user types elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = (field: Exclude<keyof CatalogForm, 'learnedKeys'>) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  function submit() {
    const checked = inputFrom(form);
    if (!checked.ok) return setProblem({ field: checked.field, message: checked.message });
    setProblem(null);
    save.mutate(
      { profileId, request: checked.input },
      {
        onSuccess: (result) => {
          if (result.ok) onSaved(checked.input.agentId);
          else setProblem({ field: result.error.field ?? null, message: result.error.message });
        },
        onError: (error) => setProblem({ field: null, message: thrownMessage(error) }),
      },
    );
  }

  function confirmDelete() {
    if (!entry) return;
    remove.mutate(
      { profileId, request: { agentId: entry.agentId } },
      {
        onSuccess: (result) => {
          if (result.ok) onDeleted();
          else setProblem({ field: null, message: result.error.message });
        },
        onError: (error) => setProblem({ field: null, message: thrownMessage(error) }),
      },
    );
  }

  const fieldError = (field: string) => (problem?.field === field ? problem.message : null);
  return (
    <form
      ref={formRef}
      className="catalog-form"
      aria-label={entry ? `Catalog entry ${title}` : 'New catalog entry'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="profile-panel-title">{title}</h3>
      {problem && problem.field === null && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <TextField
        label="Agent id"
        focusName="agentId"
        value={form.agentId}
        onChange={set('agentId')}
        mono
        disabled={entry !== null}
        error={fieldError('agentId')}
        hint={entry ? 'A different id is a different agent: add it as a new entry.' : undefined}
      />
      <TextField label="Name" focusName="name" value={form.name} onChange={set('name')} error={fieldError('name')} />
      <div className="field">
        <label htmlFor={notesId}>Notes</label>
        <textarea id={notesId} className="input" rows={3} value={form.notes} onChange={(event) => set('notes')(event.target.value)} />
      </div>
      <TextField label="Tags" value={form.tags} onChange={set('tags')} hint="Separated by commas or spaces." />
      <TextField
        label="Placeholders"
        value={form.placeholders}
        onChange={set('placeholders')}
        mono
        hint="The payload keys the agent’s prompt uses, e.g. customer_name, company."
      />
      {entry && form.learnedKeys && (
        <LearnedKeys
          learnedKeys={form.learnedKeys}
          removed={entry.learnedKeys.length - form.learnedKeys.length}
          isPlaceholder={(key) => builtInPlaceholders.includes(key) || parseList(form.placeholders, true).includes(key)}
          onConfirm={(key) => setForm((current) => confirmLearnedKey(current, key))}
          onRemove={(key) => setForm((current) => removeLearnedKey(current, key))}
        />
      )}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {entry ? 'Save entry' : 'Add to catalog'}
        </button>
        {entry && !confirming && (
          <button ref={deleteButtonRef} type="button" className="button-quiet button-danger" onClick={() => setConfirming(true)}>
            Delete entry
          </button>
        )}
      </div>
      {entry && confirming && (
        <ConfirmStep
          label="Confirm delete"
          cancelLabel="Keep"
          confirmLabel="Delete"
          onCancel={() => {
            deleteCancelled();
            setConfirming(false);
          }}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          Delete “{title}” from the catalog? Its learned keys go with it.
        </ConfirmStep>
      )}
    </form>
  );
}
