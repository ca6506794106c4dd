import { useId } from 'react';
import { useProfiles, useSelectProfile } from './queries/profiles';
import { thrownMessage } from '../../lib/errorKinds';
import { KindBadge, NetworkBadges, WarningBadges } from './ProfileBadges';

/**
 * The Profile selector: which platform (base URL and key) requests go to. Switching is a
 * host call; the select follows the host's answer, not the click, so it never shows a profile
 * that is not actually active. The active profile's risks (insecure HTTP, unverified TLS, a
 * custom CA) and a missing key are shown beside it, always in view while requests are made.
 */
export function ProfileSelector({ onSetKey }: { onSetKey: (profileId: string) => void }) {
  const selectId = useId();
  const profiles = useProfiles();
  const select = useSelectProfile();
  const state = profiles.data;
  const active = state?.profiles.find((profile) => profile.id === state.activeProfileId);
  const refusal = select.data && !select.data.ok ? select.data.error.message : null;
  const failure = select.error ? thrownMessage(select.error) : refusal;

  return (
    <div className="profile">
      <label htmlFor={selectId} className="profile-label">
        Profile
      </label>
      <select
        id={selectId}
        className="profile-select"
        value={state?.activeProfileId ?? ''}
        disabled={!state || select.isPending}
        onChange={(event) => select.mutate({ profileId: event.target.value })}
      >
        {!state && <option value="">Loading…</option>}
        {state?.profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
      {active && (
        <span className="profile-facts">
          <span className="mono profile-url" title="Base URL of the active profile">
            {active.baseUrl}
          </span>
          {active.kind !== 'custom' && <KindBadge kind={active.kind} />}
          <WarningBadges warnings={active.warnings} />
          <NetworkBadges profile={active} />
          {!active.key.set && (
            <span className="badge badge-warning" title="Requests will be refused until a key is set for this profile">
              No API key
            </span>
          )}
          {!active.key.set && active.editable && (
            <button type="button" className="button-link" onClick={() => onSetKey(active.id)}>
              Set a key
            </button>
          )}
        </span>
      )}
      {failure && (
        <span role="alert" className="inline-error">
          Could not switch profile: {failure}
        </span>
      )}
    </div>
  );
}
