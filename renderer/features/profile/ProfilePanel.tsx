import { useId, useRef, useState, type SetStateAction } from 'react';
import type { ProfileInput, ProfilesState, ProfileSummary } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useCreateProfile, useUpdateProfile } from './queries/profileEdits';
import { KeyInTransit, useSetProfileKey } from './queries/profileKey';
import { DetectSection } from './DetectSection';
import { KeySection, NewProfileKeyField } from './KeySection';
import { ProfileActions } from './ProfileActions';
import { KindBadge } from './ProfileBadges';
import { ProfileFacts } from './ProfileFacts';
import { ProfileSecretSections } from './ProfileSecretSections';
import { ProfileSettingsForm } from './ProfileSettingsForm';
import { draftFromProfile, withPresentation, type ProfileDraft } from './profileDraft';

/** Said when a save moved the profile to another server (the host cleared its key). */
const KEY_CLEARED_MESSAGE = 'The key was cleared because the server changed; set it again.';

/** The origin of a URL as typed, or the text itself when it does not parse yet. */
function originText(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim();
  }
}

/** True when the typed URL parses and names another origin than the saved one (the host decides; this only warns). */
function otherOrigin(typed: string, saved: string): boolean {
  try {
    return new URL(typed.trim()).origin !== new URL(saved).origin;
  } catch {
    return false;
  }
}

/** A profile's unsaved settings, held by the dialog so they outlive this panel. */
export interface DraftBinding {
  draft: ProfileDraft;
  /** A new draft, or a change to the current one (for answers that arrive after more typing). */
  onDraftChange: (next: SetStateAction<ProfileDraft>) => void;
}

/**
 * A profile the user may change: its settings form, its key and the other secrets its saved
 * settings call for, and Detect. The draft is held
 * above the form, so Detect can put the presentation it found into it without touching
 * anything else that was typed, and above this panel (in the dialog), so looking at another
 * profile and coming back finds the typing where it was left.
 */
function EditableProfile({ profile, draft, onDraftChange }: { profile: ProfileSummary } & DraftBinding) {
  const update = useUpdateProfile();
  const headingId = useId();
  const [keyCleared, setKeyCleared] = useState(false);
  const movesKey = profile.key.set && otherOrigin(draft.baseUrl, profile.baseUrl);

  async function save(input: ProfileInput) {
    const result = await update.mutateAsync({ profileId: profile.id, profile: input });
    setKeyCleared(result.ok && result.value.keyCleared === true);
    if (result.ok) {
      // Show what the host kept (it normalises, e.g. a trailing slash on the URL).
      const saved = result.value.state.profiles.find((candidate) => candidate.id === profile.id);
      if (saved) onDraftChange(draftFromProfile(saved));
    }
    return result;
  }

  return (
    <>
      <section className="profile-section" aria-labelledby={headingId}>
        <h4 id={headingId} className="section-title">
          Settings
        </h4>
        <ProfileSettingsForm
          draft={draft}
          onDraftChange={onDraftChange}
          submitLabel="Save"
          pending={update.isPending}
          onSave={save}
          savedMessage={keyCleared ? `Saved. ${KEY_CLEARED_MESSAGE}` : 'Saved.'}
        />
        {movesKey && (
          <p className="muted small">
            The key was saved for {originText(profile.baseUrl)}: saving another server clears it, and you will be asked for the key again.
          </p>
        )}
      </section>
      <KeySection profile={profile} />
      <ProfileSecretSections profile={profile} />
      <DetectSection profile={profile} onChosen={(chosen) => onDraftChange((current) => withPresentation(current, chosen))} />
    </>
  );
}

/** One existing profile in the Profiles dialog: what it is, its risks, its actions and its details. */
export function ProfilePanel({
  profile,
  active,
  onDuplicated,
  onDeleted,
  draft,
  onDraftChange,
}: {
  profile: ProfileSummary;
  active: boolean;
  onDuplicated: (profileId: string) => void;
  onDeleted: (state: ProfilesState) => void;
} & DraftBinding) {
  const titleId = useId();
  return (
    <section className="profile-panel" aria-labelledby={titleId}>
      <div className="cluster profile-panel-head">
        <h3 id={titleId} className="profile-panel-title">
          {profile.name}
        </h3>
        <KindBadge kind={profile.kind} />
        {active && <span className="chip chip-accent">Active</span>}
      </div>
      {profile.warnings.length > 0 && (
        <ul className="warning-list" aria-label="Warnings">
          {profile.warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </ul>
      )}
      <ProfileActions profile={profile} active={active} onDuplicated={onDuplicated} onDeleted={onDeleted} />
      {profile.editable ? (
        <EditableProfile key={profile.id} profile={profile} draft={draft} onDraftChange={onDraftChange} />
      ) : (
        <ProfileFacts profile={profile} />
      )}
      {/* The Environment profile cannot be edited, but Detect works on it for this launch. */}
      {profile.kind === 'environment' && <DetectSection profile={profile} onChosen={() => undefined} />}
    </section>
  );
}

/** How the key given in the New profile form fared: none given, saved, or refused (with the host's words). */
export type NewKeyOutcome = { kind: 'none' } | { kind: 'saved' } | { kind: 'refused'; message: string };

/**
 * The New profile form. The host makes the new profile active. The key may be given in the
 * same form: it stays in its password input (no React state, no draft) until the profile is
 * created, then goes once through the same write-only call as the Key section, and the input
 * is emptied. Refused, it is said on the profile's page, where the Key section takes it again.
 */
export function NewProfilePanel({
  onCreated,
  draft,
  onDraftChange,
}: { onCreated: (profileId: string, key: NewKeyOutcome) => void } & DraftBinding) {
  const create = useCreateProfile();
  const setKey = useSetProfileKey();
  const keyInput = useRef<HTMLInputElement>(null);
  const titleId = useId();

  async function save(input: ProfileInput) {
    // The key as it is when Create is pressed: what is typed while the profile is being made is
    // not sent. The input keeps it until the profile exists (a refused form loses nothing).
    const typed = keyInput.current?.value ?? '';
    const result = await create.mutateAsync(input);
    if (!result.ok) return result;
    if (keyInput.current) keyInput.current.value = '';
    onCreated(
      result.value.profileId,
      typed.trim() === '' ? { kind: 'none' } : await sendKey(result.value.profileId, input.baseUrl, new KeyInTransit(typed)),
    );
    return result;
  }

  /** Sends the key given in the form to the profile just made. */
  async function sendKey(profileId: string, baseUrl: string, key: KeyInTransit): Promise<NewKeyOutcome> {
    try {
      const saved = await setKey.mutateAsync({ profileId, key, forBaseUrl: baseUrl });
      return saved.ok ? { kind: 'saved' } : { kind: 'refused', message: saved.error.message };
    } catch (thrown) {
      return { kind: 'refused', message: thrownMessage(thrown) };
    } finally {
      // Let go of the (already emptied) mutation so it leaves the cache at once (gcTime 0).
      setKey.reset();
    }
  }

  return (
    <section className="profile-panel" aria-labelledby={titleId}>
      <div className="cluster profile-panel-head">
        <h3 id={titleId} className="profile-panel-title">
          New profile
        </h3>
      </div>
      <p className="muted small">Creating it makes it the active profile.</p>
      <ProfileSettingsForm
        draft={draft}
        onDraftChange={onDraftChange}
        submitLabel="Create profile"
        pending={create.isPending || setKey.isPending}
        onSave={save}
        savedMessage="Created."
        keyField={<NewProfileKeyField inputRef={keyInput} />}
      />
    </section>
  );
}
