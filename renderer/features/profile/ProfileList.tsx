import { useId } from 'react';
import type { ProfileSummary } from '../../../electron/shared/api';
import { KindBadge, NetworkBadges, WarningBadges } from './ProfileBadges';

/** A short key status for the list; the panel says where the key is kept. */
function keyWords(profile: ProfileSummary): string {
  if (!profile.key.set) return 'No API key';
  return profile.key.storage === 'environment' ? 'Key from the environment' : 'Key set';
}

/**
 * The profiles in the dialog. Each entry is a button named by the profile's name alone, with
 * its URL, key status and warnings as its description; picking one shows it (it does not
 * switch to it: that is the panel's "Use this profile").
 */
export function ProfileList({
  profiles,
  activeId,
  selectedId,
  unsavedIds,
  onSelect,
}: {
  profiles: readonly ProfileSummary[];
  activeId: string;
  selectedId: string | null;
  /** Profiles with settings typed in the dialog but not saved. */
  unsavedIds: ReadonlySet<string>;
  onSelect: (profileId: string) => void;
}) {
  const base = useId();
  return (
    <ul className="list-stack profile-list">
      {profiles.map((profile, index) => {
        const detailsId = `${base}-details-${index}`;
        const metaId = `${base}-meta-${index}`;
        return (
          <li key={profile.id} className="pick-entry">
            {/* The button holds the name only, the facts sit beside it (label in name; see PickList). */}
            <span className="pick-row">
              <button
                type="button"
                className="pick-item"
                aria-current={profile.id === selectedId ? 'true' : undefined}
                aria-describedby={`${metaId} ${detailsId}`}
                data-focus={profile.id === selectedId ? 'selected-profile' : undefined}
                onClick={() => onSelect(profile.id)}
              >
                {profile.name}
              </button>
              <span id={metaId} className="pick-meta">
                {profile.id === activeId && <span className="chip chip-accent">Active</span>}
                <KindBadge kind={profile.kind} />
              </span>
            </span>
            <span id={detailsId} className="pick-details">
              <span className="mono pick-id">{profile.baseUrl}</span>
              <span className="profile-item-facts">
                <span className={profile.key.set ? 'muted small' : 'small key-missing'}>{keyWords(profile)}</span>
                <WarningBadges warnings={profile.warnings} />
                <NetworkBadges profile={profile} />
                {unsavedIds.has(profile.id) && <span className="unsaved-mark">Unsaved changes</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
