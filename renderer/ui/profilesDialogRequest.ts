import { useEffect, useRef } from 'react';

/**
 * A way for any part of the app to ask for the Profiles dialog (an error's "Set a key" or
 * "Detect how the key is sent"), which the header owns and renders. The header subscribes;
 * a request with nobody subscribed (a test rendering one panel alone) does nothing.
 */

/** Which profile to show (the active one when absent), and where to put focus. */
export interface ProfilesDialogRequest {
  profileId?: string;
  focus: 'api-key' | 'detect';
}

type Listener = (request: ProfilesDialogRequest) => void;
const listeners = new Set<Listener>();

/** Asks the header to open the Profiles dialog. */
export function requestProfilesDialog(request: ProfilesDialogRequest): void {
  for (const listener of listeners) listener(request);
}

/** Calls `onRequest` for every request while the calling component is mounted. */
export function useProfilesDialogRequests(onRequest: Listener): void {
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });
  useEffect(() => {
    const listener: Listener = (request) => latest.current(request);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
