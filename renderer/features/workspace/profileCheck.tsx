import { createContext, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfilesState } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useHost } from '../../host/HostContext';
import { applyProfilesState, useProfiles, useSelectProfile } from '../profile/queries/profiles';
import { ProfileMismatch } from './ProfileMismatch';

/**
 * The one check every send from a request tab goes through (Invoke, Repeat, saving the answer to
 * a file): a tab belongs to a profile, and its request is never sent to another one unasked.
 *
 * Two layers. Before sending, the tab's profile is compared with the active one this page knows;
 * when they differ, the person is asked (ProfileMismatch). And every request names the tab's
 * profile, so the host refuses it (`profile_changed`, nothing sent) when the page's knowledge was
 * stale, e.g. another browser tab switched profiles; `changed` then refetches the profiles and
 * asks the same question.
 */

/** What a request tab tells the parts of its Response that send again: which profile it belongs to. */
export interface TabProfile {
  /** The tab's profile; null when it has none (nothing to check). */
  profileId: string | null;
  /** The tab now belongs to this profile (the person chose to send it to the active one). */
  adopt: (profileId: string) => void;
}

/** Provided by each request tab around its form and its Response. */
export const TabProfileContext = createContext<TabProfile | null>(null);

/** The profile of the request tab around the caller, or null outside a tab. */
export function useTabProfile(): TabProfile | null {
  return useContext(TabProfileContext);
}

/** Sends the request, naming `profileId` in it (undefined: name none). */
export type ProfileSend = (profileId: string | undefined) => void;

/** `request` naming exactly `profileId` (or no profile when undefined). */
export function namingProfile<T extends { profileId?: string }>(request: T, profileId: string | undefined): T {
  const { profileId: _previous, ...rest } = request;
  return (profileId === undefined ? rest : { ...rest, profileId }) as T;
}

interface Held {
  send: ProfileSend;
  /** The question stands only while this is still what the caller passes (e.g. the draft). */
  from: unknown;
  onCancel: (() => void) | undefined;
}

/**
 * The check for one place that sends. `from` ties a held question to what it was asked about:
 * when it changes (the draft was edited), the held request is stale and the question goes.
 */
export function useProfileCheck(tab: TabProfile | null, from?: unknown) {
  const api = useHost();
  const queryClient = useQueryClient();
  const profiles = useProfiles().data;
  const selectProfile = useSelectProfile();
  const [held, setHeld] = useState<Held | null>(null);
  const current = held && held.from === from ? held : null;

  const mismatched = (state: ProfilesState | undefined): boolean =>
    tab !== null && tab.profileId !== null && state !== undefined && tab.profileId !== state.activeProfileId;

  function hold(send: ProfileSend, onCancel?: () => void) {
    selectProfile.reset();
    setHeld({ send, from, onCancel });
  }

  /** Sends now when the tab's profile is the active one (or there is no tab); otherwise asks first. */
  function check(send: ProfileSend, onCancel?: () => void): void {
    if (mismatched(profiles)) {
      hold(send, onCancel);
      return;
    }
    send(tab?.profileId ?? undefined);
  }

  /**
   * The host answered `profile_changed`: this page's profiles were stale. Refetch them and ask.
   * Never resends by itself: if the profiles now agree again, the Response says what happened.
   */
  async function changed(send: ProfileSend, onCancel?: () => void): Promise<void> {
    const state = await api.listProfiles();
    await applyProfilesState(queryClient, state);
    if (mismatched(state)) hold(send, onCancel);
  }

  function release(): Held | null {
    setHeld(null);
    return current;
  }

  const nameOf = (id: string | null) => profiles?.profiles.find((profile) => profile.id === id)?.name ?? null;
  const switchError = selectProfile.error
    ? thrownMessage(selectProfile.error)
    : selectProfile.data && !selectProfile.data.ok
      ? selectProfile.data.error.message
      : null;
  const question: ReactNode =
    current && profiles && tab ? (
      <ProfileMismatch
        tabProfile={nameOf(tab.profileId)}
        activeProfile={nameOf(profiles.activeProfileId) ?? profiles.activeProfileId}
        pending={selectProfile.isPending}
        error={switchError}
        onCancel={() => release()?.onCancel?.()}
        onSendHere={() => {
          tab.adopt(profiles.activeProfileId);
          release()?.send(profiles.activeProfileId);
        }}
        onSwitchAndSend={() => {
          const own = tab.profileId;
          if (own === null) return;
          selectProfile.mutate(
            { profileId: own },
            {
              onSuccess: (result) => {
                if (result.ok) release()?.send(own);
              },
            },
          );
        }}
      />
    ) : null;

  return { check, changed, question };
}
