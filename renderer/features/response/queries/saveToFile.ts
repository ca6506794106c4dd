import { useApiMutation } from '../../../host/api';

/**
 * Sending a request again with its answer streamed into a file (for answers over the size
 * cap). A mutation, never retried (the client's default): for an invoke it runs the agent again.
 */
export const useSaveResponseToFile = () => useApiMutation('saveResponseToFile');
