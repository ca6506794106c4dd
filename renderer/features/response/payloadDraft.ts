import { createContext, useContext } from 'react';

/**
 * What an answer's view may do to the payload of the request tab it belongs to: know its keys,
 * and add one (when the answer shows a placeholder unfilled). Provided by the request tab; an
 * answer shown anywhere else (the history) has none, and offers no such button.
 */
export interface PayloadDraftAccess {
  /** The keys of the tab's payload as it is now, or null while it is not a valid JSON object. */
  keys: readonly string[] | null;
  /** Adds `name` to the payload with an empty value, and puts the caret in that value. */
  addKey: (name: string) => void;
}

export const PayloadDraftContext = createContext<PayloadDraftAccess | null>(null);

export function usePayloadDraft(): PayloadDraftAccess | null {
  return useContext(PayloadDraftContext);
}
