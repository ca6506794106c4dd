import { createContext, useContext } from 'react';

/** A past request to open again in a new request tab, for the profile it went to. */
export interface ReplayRequest {
  /** Distinct per Replay press, so the same entry replayed twice opens two tabs. */
  key: number;
  profileId: string;
  agentId: string;
  text: string;
  payloadText: string;
}

/**
 * How History hands a request to the Agents section: the app shell keeps the one waiting, brings
 * Agents to front, and the request tabs take it (then `taken`). Outside the shell nothing waits.
 */
export interface ReplayChannel {
  pending: ReplayRequest | null;
  replay(request: Omit<ReplayRequest, 'key'>): void;
  taken(key: number): void;
}

export const ReplayContext = createContext<ReplayChannel>({ pending: null, replay: () => undefined, taken: () => undefined });

export const useReplay = () => useContext(ReplayContext);
