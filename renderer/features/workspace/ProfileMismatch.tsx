import { useSafeChoice } from '../../ui/ConfirmStep';

/**
 * Asked when a tab is sent while another profile is active: the draft was written for one
 * server and would now go to another (with that profile's key). Nothing is sent until the
 * person picks. Cancel comes first and has focus, so Enter out of habit sends nothing;
 * Escape cancels too.
 */
export function ProfileMismatch({
  tabProfile,
  activeProfile,
  onSendHere,
  onSwitchAndSend,
  onCancel,
  pending,
  error,
}: {
  /** The name of the tab's own profile, or null when that profile has been deleted. */
  tabProfile: string | null;
  activeProfile: string;
  onSendHere: () => void;
  onSwitchAndSend: () => void;
  onCancel: () => void;
  /** Switching profiles is under way. */
  pending: boolean;
  error: string | null;
}) {
  const { cancelRef, onKeyDown } = useSafeChoice(onCancel);
  return (
    <div role="group" aria-label="Which profile to send to" className="confirm-step profile-mismatch" onKeyDown={onKeyDown}>
      <p>
        {tabProfile === null
          ? `This request was written for a profile that has since been deleted. Send it to ${activeProfile}, the active profile?`
          : `This request was written for the profile ${tabProfile}, but ${activeProfile} is active. Where should it go?`}
      </p>
      <div className="actions">
        <button ref={cancelRef} type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
        {tabProfile !== null && (
          <button type="button" className="button-primary" disabled={pending} onClick={onSwitchAndSend}>
            Switch to {tabProfile} and send
          </button>
        )}
        <button type="button" className="button-quiet" disabled={pending} onClick={onSendHere}>
          Send to {activeProfile}
        </button>
      </div>
      {error && (
        <p role="alert" className="form-error">
          Could not switch profiles: {error}
        </p>
      )}
    </div>
  );
}
