import { useState } from 'react';
import type { ProfilesState, ProfileSummary } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useDeleteProfile, useDuplicateProfile } from './queries/profileEdits';
import { useSelectProfile } from './queries/profiles';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';

/**
 * Use, Duplicate and Delete for one profile. Delete takes two steps: a profile may hold a
 * production key that is gone with it.
 */
export function ProfileActions({
  profile,
  active,
  onDuplicated,
  onDeleted,
}: {
  profile: ProfileSummary;
  active: boolean;
  onDuplicated: (profileId: string) => void;
  onDeleted: (state: ProfilesState) => void;
}) {
  const select = useSelectProfile();
  const duplicate = useDuplicateProfile();
  const remove = useDeleteProfile();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = select.isPending || duplicate.isPending || remove.isPending;

  const [deleteButtonRef, deleteCancelled] = useFocusBackOnCancel<HTMLButtonElement>(confirming);

  function cancel() {
    deleteCancelled();
    setConfirming(false);
  }

  const fail = (thrown: unknown) => setError(thrownMessage(thrown));

  function use() {
    if (active || busy) return;
    setError(null);
    select.mutate({ profileId: profile.id }, { onSuccess: (result) => setError(result.ok ? null : result.error.message), onError: fail });
  }

  function copy() {
    setError(null);
    duplicate.mutate(
      { profileId: profile.id },
      {
        onSuccess: (result) => (result.ok ? onDuplicated(result.value.profileId) : setError(result.error.message)),
        onError: fail,
      },
    );
  }

  function confirmDelete() {
    setError(null);
    remove.mutate(
      { profileId: profile.id },
      {
        onSuccess: (result) => (result.ok ? onDeleted(result.value) : setError(result.error.message)),
        onError: fail,
        onSettled: () => setConfirming(false),
      },
    );
  }

  return (
    <div className="profile-actions">
      <div className="actions">
        {/* aria-disabled, not disabled: the button keeps focus when it becomes the active profile's. */}
        <button type="button" className="button-primary" aria-disabled={active || undefined} onClick={use}>
          {active ? 'In use' : 'Use this profile'}
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={copy}>
          Duplicate
        </button>
        {profile.editable && !confirming && (
          <button
            ref={deleteButtonRef}
            type="button"
            className="button-quiet button-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmStep
          label="Confirm delete"
          confirmLabel="Yes, delete"
          onCancel={cancel}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          Delete <strong>{profile.name}</strong> and its key? This cannot be undone.
        </ConfirmStep>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
