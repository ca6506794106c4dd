import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useProfiles } from '../../queries/profiles';
import { NewProfilePanel, ProfilePanel } from './ProfilePanel';
import { ProfileList } from './ProfileList';

/** Which profile the dialog shows, or the New profile form. */
type Selection = { kind: 'profile'; id: string } | { kind: 'new' };

/** Where focus should go once the next render is on screen (see the effect below). */
type FocusTarget = 'selected-profile' | 'name' | 'api-key' | null;

/**
 * The Profiles dialog: the list on the left, the chosen profile (or a new one) on the right.
 *
 * It is a native modal `<dialog>` opened with `showModal()`: the browser then makes the rest
 * of the window inert (a real focus trap, for mouse and screen readers too) and puts it on top.
 * Escape is handled here rather than left to the browser's cancel, so closing always goes
 * through `onClose`, and the opener (not the browser) decides where focus returns. It is only
 * rendered while open, so every opening starts from the saved state.
 */
export function ProfilesDialog({
  onClose,
  initialProfileId,
  focusKey = false,
}: {
  onClose: () => void;
  /** The profile to show first; the active one when absent. */
  initialProfileId?: string | undefined;
  /** Open with focus in that profile's API key field. */
  focusKey?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useProfiles().data;
  const [selection, setSelection] = useState<Selection | null>(initialProfileId ? { kind: 'profile', id: initialProfileId } : null);
  const pendingFocus = useRef<FocusTarget>(focusKey ? 'api-key' : 'selected-profile');

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

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
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
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId} className="dialog-title">
          Profiles
        </h2>
        <p className="muted small dialog-subtitle">Where requests go, and with which key. Keys are write-only: once saved, they are never shown again.</p>
        <button type="button" className="button-quiet button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="dialog-body">
        <div className="profile-side">
          <button
            type="button"
            className="button-quiet profile-new"
            aria-current={selection?.kind === 'new' ? 'true' : undefined}
            onClick={() => show({ kind: 'new' }, 'name')}
          >
            New profile
          </button>
          {state && (
            <ProfileList
              profiles={state.profiles}
              activeId={state.activeProfileId}
              selectedId={selection?.kind === 'new' ? null : (profile?.id ?? null)}
              onSelect={(id) => show({ kind: 'profile', id }, null)}
            />
          )}
        </div>
        <div className="profile-main">
          {!state && <p className="muted">Loading profiles…</p>}
          {selection?.kind === 'new' && (
            <NewProfilePanel onCreated={(id) => show({ kind: 'profile', id }, 'api-key')} />
          )}
          {selection?.kind !== 'new' && profile && state && (
            <ProfilePanel
              key={profile.id}
              profile={profile}
              active={profile.id === state.activeProfileId}
              onDuplicated={(id) => show({ kind: 'profile', id }, 'name')}
              onDeleted={(next) => show({ kind: 'profile', id: next.activeProfileId }, 'selected-profile')}
            />
          )}
        </div>
      </div>
    </dialog>
  );
}
