import { useMutation } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiMutation } from '../../../host/api';
import { applyProfilesState, storeAnsweredState } from './profiles';

/**
 * Creating, editing, duplicating and deleting profiles. Each answer carries the whole new
 * profiles state, which replaces the cached one (and marks profile-dependent answers stale)
 * exactly as a switch does: creating and deleting can both change which profile is active.
 * A refusal (`ok: false`) changes nothing; the form shows it and keeps what was typed.
 */

/** Creates a profile; the host makes it active. */
export const createProfileMutation = (api: Api) => apiMutation(api, 'createProfile', { onValue: storeAnsweredState });

/** Saves a profile's settings (never its key). */
export const updateProfileMutation = (api: Api) => apiMutation(api, 'updateProfile', { onValue: storeAnsweredState });

/** Copies a profile's settings under a new name; the host does not copy the key. */
export const duplicateProfileMutation = (api: Api) => apiMutation(api, 'duplicateProfile', { onValue: storeAnsweredState });

/** Deletes a profile (and, in the host, its key). */
export const deleteProfileMutation = (api: Api) =>
  apiMutation(api, 'deleteProfile', { onValue: (state, _request, client) => applyProfilesState(client, state) });

export const useCreateProfile = () => useMutation(createProfileMutation(useHost()));
export const useUpdateProfile = () => useMutation(updateProfileMutation(useHost()));
export const useDuplicateProfile = () => useMutation(duplicateProfileMutation(useHost()));
export const useDeleteProfile = () => useMutation(deleteProfileMutation(useHost()));
