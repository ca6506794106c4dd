import { useState } from 'react';
import type { BodyTarget } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { formatBytes } from '../../lib/format';
import { useSaveResponseToFile } from './queries/saveToFile';
import { namingProfile, useProfileCheck, useTabProfile, type ProfileSend } from '../workspace/profileCheck';

/**
 * Offered when an answer was over the size cap, or an error body was cut: send the request
 * again with the answer going straight to a file (the key redacted, up to the save-to-file
 * limit in Settings). Asked first, because it is a new request: an invoke runs (and may bill)
 * the agent again. In a request tab it goes to the tab's own profile: when another is active,
 * the person is asked first (useProfileCheck), as for Invoke.
 */
export function SaveToFileAction({ target, label = 'Save the answer to a file…' }: { target: BodyTarget; label?: string }) {
  const save = useSaveResponseToFile();
  const [confirming, setConfirming] = useState(false);
  const profileCheck = useProfileCheck(useTabProfile());
  const send: ProfileSend = (profileId) => {
    const named: BodyTarget =
      target.kind === 'invoke'
        ? { kind: 'invoke', request: namingProfile(target.request, profileId) }
        : { kind: 'guideline', request: namingProfile(target.request, profileId) };
    save.mutate(named, {
      onSuccess: (result) => {
        if (!result.ok && result.error.code === 'profile_changed') void profileCheck.changed(send);
      },
    });
  };
  const again = target.kind === 'invoke' ? 'runs the agent again (it may be billed)' : 'reads the guideline again';

  if (save.isPending)
    return (
      <p className="small" role="status">
        Sending again and saving the answer to a file…
      </p>
    );
  if (save.isSuccess && save.data.ok) {
    const { path, bytes, exchange, limitReached, limitBytes } = save.data.value;
    return (
      <p className="small" role="status">
        Saved {formatBytes(bytes)} (HTTP {exchange.status}) to <code className="mono">{path}</code>.
        {limitReached && (
          <>
            {' '}
            <strong>The file is cut:</strong> the answer was longer, and saving stopped at the {formatBytes(limitBytes)} save-to-file limit
            (Settings).
          </>
        )}
      </p>
    );
  }
  return (
    <div className="save-to-file">
      {profileCheck.question}
      {!confirming ? (
        <button type="button" className="button-quiet button-small" onClick={() => setConfirming(true)}>
          {label}
        </button>
      ) : (
        <div role="group" aria-label="Confirm saving to a file" className="confirm-row">
          <span className="small">This sends the request again, which {again}; the answer goes to your Downloads folder.</span>
          <button
            type="button"
            className="button-primary button-small"
            onClick={() => {
              setConfirming(false);
              profileCheck.check(send);
            }}
          >
            Send again and save
          </button>
          <button type="button" className="button-quiet button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {save.isSuccess && !save.data.ok && <p className="field-error">Not saved: {save.data.error.message}</p>}
      {save.isError && <p className="field-error">Not saved: {thrownMessage(save.error)}</p>}
    </div>
  );
}
