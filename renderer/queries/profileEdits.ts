import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, ProfileInput, ProfileRef, UpdateProfileRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { applyProfilesState } from './profiles';

/**
 * Creating, editing, duplicating and deleting profiles. Each answer carries the whole new
 * profiles state, which replaces the cached one (and marks profile-dependent answers stale)
 * exactly as a switch does: creating and deleting can both change which profile is active.
 * A refusal (`ok: false`) changes nothing; the form shows it and keeps what was typed.
 */

/** Creates a profile; the host makes it active. */
export function createProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['createProfile'],
    mutationFn: (request: ProfileInput) => api.createProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value.state);
    },
  });
}

/** Saves a profile's settings (never its key). */
export function updateProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['updateProfile'],
    mutationFn: (request: UpdateProfileRequest) => api.updateProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value.state);
    },
  });
}

/** Copies a profile's settings under a new name; the host does not copy the key. */
export function duplicateProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['duplicateProfile'],
    mutationFn: (request: ProfileRef) => api.duplicateProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value.state);
    },
  });
}

/** Deletes a profile (and, in the host, its key). */
export function deleteProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['deleteProfile'],
    mutationFn: (request: ProfileRef) => api.deleteProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value);
    },
  });
}

/** The create mutation. */
export function useCreateProfile() {
  return useMutation(createProfileMutation(useHost(), useQueryClient()));
}

/** The update mutation. */
export function useUpdateProfile() {
  return useMutation(updateProfileMutation(useHost(), useQueryClient()));
}

/** The duplicate mutation. */
export function useDuplicateProfile() {
  return useMutation(duplicateProfileMutation(useHost(), useQueryClient()));
}

/** The delete mutation. */
export function useDeleteProfile() {
  return useMutation(deleteProfileMutation(useHost(), useQueryClient()));
}
