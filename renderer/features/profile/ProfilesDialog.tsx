import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SetStateAction } from 'react';
import type { ProfileSummary } from '../../../electron/shared/api';
import { useProfiles } from './queries/profiles';
import { ConfirmStep } from '../../ui/ConfirmStep';
import { NewProfilePanel, ProfilePanel, type NewKeyOutcome } from './ProfilePanel';
import { ProfileList } from './ProfileList';
import { draftFromProfile, NEW_PROFILE_DRAFT, sameDraft, type ProfileDraft } from './profileDraft';

/** Which profile the dialog shows, or the New profile form. */
type Selection = { kind: 'profile'; id: string } | { kind: 'new' };

/** Where focus should go once the next render is on screen (see the effect below). */
type FocusTarget = 'selected-profile' | 'name' | 'api-key' | 'detect' | null;

/** The drafts map's key for the New profile form (profile ids are never this). */
const NEW_FORM = ':new';

/** What has unsaved edits (by drafts key, with a name to say): profiles whose draft differs from what is saved, then the New form. */
function unsavedEdits(
  drafts: Readonly<Record<string, ProfileDraft>>,
  profiles: readonly ProfileSummary[],
): { key: string; name: string }[] {
  const edits = profiles.flatMap((profile) => {
    const draft = drafts[profile.id];
    return profile.editable && draft && !sameDraft(draft, draftFromProfile(profile)) ? [{ key: profile.id, name: profile.name }] : [];
  });
  const newDraft = drafts[NEW_FORM];
  if (newDraft && !sameDraft(newDraft, NEW_PROFILE_DRAFT)) edits.push({ key: NEW_FORM, name: 'the new profile' });
  return edits;
}

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The Profiles dialog: the list on the left, the chosen profile (or a new one) on the right.
 *
 * It is a native modal `<dialog>` opened with `showModal()`: the browser then makes the rest
 * of the window inert (a real focus trap, for mouse and screen readers too) and puts it on top.
 * Escape is handled here rather than left to the browser's cancel, so closing always goes
 * through `onClose`, and the opener (not the browser) decides where focus returns. It is only
 * rendered while open, so every opening starts from the saved state.
 *
 * Unsaved settings are kept per profile while the dialog is open (looking at another profile
 * loses nothing), marked in the list, and closing with any of them, or with a key typed but
 * not saved, asks first.
 */
export function ProfilesDialog({
  onClose,
  initialProfileId,
  focusKey = false,
  focusDetect = false,
}: {
  onClose: () => void;
  /** The profile to show first; the active one when absent. */
  initialProfileId?: string | undefined;
  /** Open with focus in that profile's API key field. */
  focusKey?: boolean;
  /** Open with focus on that profile's Detect section. */
  focusDetect?: boolean | undefined;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useProfiles().data;
  const [selection, setSelection] = useState<Selection | null>(initialProfileId ? { kind: 'profile', id: initialProfileId } : null);
  const pendingFocus = useRef<FocusTarget>(focusKey ? 'api-key' : focusDetect ? 'detect' : 'selected-profile');
  const [drafts, setDrafts] = useState<Readonly<Record<string, ProfileDraft>>>({});
  // Asking before closing; what was typed in the secret fields is read from them when asked (it is not React state).
  const [closing, setClosing] = useState<{ secretsTypedFor: { profile: string; secrets: string[] } | null } | null>(null);
  const closeAskedFrom = useRef<HTMLElement | null>(null);
  // A key given in the New profile form that the host refused: said on the new profile's page.
  const [keyRefused, setKeyRefused] = useState<{ profileId: string; message: string } | null>(null);

  // A layout effect, so the dialog is open before any effect below tries to focus inside it
  // (nothing in a closed dialog can take focus). Guarded: StrictMode runs effects twice, and
  // showModal() on an open dialog throws.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Runs after every render: moves focus once the element it should go to exists (a new
  // profile's panel appears only when the host's answer is in the cache).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const element = dialogRef.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`);
    if (element) {
      element.focus();
      pendingFocus.current = null;
    }
  });

  const wantedId = selection?.kind === 'profile' ? selection.id : state?.activeProfileId;
  const byId = (id: string | undefined) => state?.profiles.find((candidate) => candidate.id === id);
  // A profile deleted elsewhere falls back to the active one rather than an empty panel.
  const profile = selection?.kind === 'new' ? undefined : (byId(wantedId) ?? byId(state?.activeProfileId));

  function show(next: Selection, focus: FocusTarget) {
    setSelection(next);
    pendingFocus.current = focus;
  }

  const draftOf = (id: string, saved: () => ProfileDraft) => drafts[id] ?? saved();
  const setDraftOf = (id: string, saved: () => ProfileDraft) => (next: SetStateAction<ProfileDraft>) =>
    setDrafts((previous) => ({ ...previous, [id]: typeof next === 'function' ? next(previous[id] ?? saved()) : next }));
  function forget(id: string) {
    setDrafts((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => key !== id)));
  }
  const unsaved = state ? unsavedEdits(drafts, state.profiles) : [];
  const unsavedIds = new Set(unsaved.map((edit) => edit.key));
  const newUnsavedId = `${titleId}-new-unsaved`;

  /** Closes, unless something typed would be lost: then asks (the secret fields are checked for text only). */
  function requestClose() {
    const secretFields = [...(dialogRef.current?.querySelectorAll<HTMLInputElement>('input[data-secret]') ?? [])];
    const typed = secretFields.filter((field) => field.value.trim() !== '').map((field) => field.dataset['secret'] ?? 'secret');
    const secretsTypedFor = typed.length > 0 ? { profile: profile?.name ?? 'the new profile', secrets: typed } : null;
    if (unsaved.length === 0 && secretsTypedFor === null) {
      onClose();
      return;
    }
    closeAskedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setClosing({ secretsTypedFor });
  }

  /** Keep editing: back to where the person was (the field, or Close), which is still there. */
  function keepEditing() {
    setClosing(null);
    const from = closeAskedFrom.current;
    closeAskedFrom.current = null;
    if (from?.isConnected) from.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    requestClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className="profiles-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Other close requests (e.g. a platform back gesture) go the same way as Escape.
        event.preventDefault();
        requestClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId} className="dialog-title">
          Profiles
        </h2>
        <p className="muted small dialog-subtitle">
          Where requests go, and with which key. Keys are write-only: once saved, they are never shown again.
        </p>
        <button type="button" className="button-quiet button-small" onClick={requestClose}>
          Close
        </button>
      </div>
      {closing && (
        <div className="dialog-confirm">
          <ConfirmStep
            label="Confirm close"
            cancelLabel="Keep editing"
            confirmLabel="Discard and close"
            onCancel={keepEditing}
            onConfirm={onClose}
          >
            {unsaved.length > 0 && <>Unsaved changes to {listed(unsaved.map((edit) => edit.name))} will be lost. </>}
            {closing.secretsTypedFor && (
              <>
                The {listed(closing.secretsTypedFor.secrets)} typed for {closing.secretsTypedFor.profile}{' '}
                {closing.secretsTypedFor.secrets.length > 1 ? 'are' : 'is'} not saved.{' '}
              </>
            )}
            Close anyway?
          </ConfirmStep>
        </div>
      )}
      <div className="dialog-body">
        <div className="profile-side">
          <button
            type="button"
            className="button-quiet profile-new"
            aria-current={selection?.kind === 'new' ? 'true' : undefined}
            aria-describedby={unsavedIds.has(NEW_FORM) ? newUnsavedId : undefined}
            onClick={() => show({ kind: 'new' }, 'name')}
          >
            New profile
          </button>
          {/* Outside the button, so its name stays "New profile"; it describes the button. */}
          {unsavedIds.has(NEW_FORM) && (
            <span id={newUnsavedId} className="unsaved-mark unsaved-mark-new">
              Unsaved changes
            </span>
          )}
          {state && (
            <ProfileList
              profiles={state.profiles}
              activeId={state.activeProfileId}
              selectedId={selection?.kind === 'new' ? null : (profile?.id ?? null)}
              unsavedIds={unsavedIds}
              onSelect={(id) => show({ kind: 'profile', id }, null)}
            />
          )}
        </div>
        <div className="profile-main">
          {!state && <p className="muted">Loading profiles…</p>}
          {selection?.kind === 'new' && (
            <NewProfilePanel
              draft={draftOf(NEW_FORM, () => NEW_PROFILE_DRAFT)}
              onDraftChange={setDraftOf(NEW_FORM, () => NEW_PROFILE_DRAFT)}
              onCreated={(id, key: NewKeyOutcome) => {
                forget(NEW_FORM);
                setKeyRefused(key.kind === 'refused' ? { profileId: id, message: key.message } : null);
                // Next step: the key if it is still to give, else Detect (which needs it).
                show({ kind: 'profile', id }, key.kind === 'saved' ? 'detect' : 'api-key');
              }}
            />
          )}
          {selection?.kind !== 'new' && profile && keyRefused?.profileId === profile.id && (
            <p role="alert" className="form-error">
              The profile was created, but its key was not saved: {keyRefused.message} Give it again under Key.
            </p>
          )}
          {selection?.kind !== 'new' && profile && state && (
            <ProfilePanel
              key={profile.id}
              profile={profile}
              active={profile.id === state.activeProfileId}
              draft={draftOf(profile.id, () => draftFromProfile(profile))}
              onDraftChange={setDraftOf(profile.id, () => draftFromProfile(profile))}
              onDuplicated={(id) => show({ kind: 'profile', id }, 'name')}
              onDeleted={(next) => {
                forget(profile.id);
                show({ kind: 'profile', id: next.activeProfileId }, 'selected-profile');
              }}
            />
          )}
        </div>
      </div>
    </dialog>
  );
}
