import { createContext, useContext } from 'react';
import type { CaseDraft } from './suiteModel';

/** A new suite made elsewhere (History's selection, a request tab) for the Runs section to open. */
export interface SuiteSeed {
  /** Distinct per press, so the same selection sent twice makes two new suites. */
  key: number;
  /** Where it came from, as the Runs section says it: "the History selection", "the request tab “Orders”". */
  from: string;
  name: string;
  cases: CaseDraft[];
  /** What was left out and why (e.g. guideline entries), shown with the new suite. */
  note: string | null;
}

/** The request in the Agents section's tab in front, as "New suite from the request tab" takes it. */
export interface ActiveRequest {
  agentId: string;
  text: string;
  payloadText: string;
  /** The tab's title, or '' (the suite is then named after the agent). */
  title: string;
}

/**
 * How other sections hand a suite to Runs: the app shell keeps the one waiting and brings Runs
 * to front; the Runs section takes it (then `taken`). The Agents section reports its tab in front
 * (`reportActiveRequest`), so Runs reads the request tab in front without owning the tabs. Outside the
 * shell nothing waits.
 */
export interface SuiteChannel {
  pending: SuiteSeed | null;
  seed(seed: Omit<SuiteSeed, 'key'>): void;
  taken(key: number): void;
  /** The request tab in front, as last reported. */
  activeRequest(): ActiveRequest | null;
  /** The Agents section reports its tab in front after each render. */
  reportActiveRequest(request: ActiveRequest | null): void;
}

export const SuiteChannelContext = createContext<SuiteChannel>({
  pending: null,
  seed: () => undefined,
  taken: () => undefined,
  activeRequest: () => null,
  reportActiveRequest: () => undefined,
});

export const useSuiteChannel = () => useContext(SuiteChannelContext);
