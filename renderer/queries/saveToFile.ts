import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Api, BodyTarget } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

/**
 * Sending a request again with its answer streamed into a file (for answers over the size
 * cap). A mutation, never retried: for an invoke it runs the agent again.
 */
export function saveResponseToFileMutation(api: Api) {
  return mutationOptions({
    mutationKey: ['saveResponseToFile'],
    mutationFn: (target: BodyTarget) => api.saveResponseToFile(target),
    retry: false,
  });
}

export function useSaveResponseToFile() {
  return useMutation(saveResponseToFileMutation(useHost()));
}
