import type { Result } from './common';

/** The agent catalog: what the user knows about each agent of the active profile, kept locally. */

/**
 * What the user knows about an agent of the active profile, kept locally (the API has no list
 * of agents). `placeholders` are the ones the user entered; `learnedKeys` are the payload keys
 * of requests that were answered 2xx, learned by the host.
 */
export interface CatalogAgent {
  agentId: string;
  name: string;
  notes: string;
  tags: string[];
  placeholders: string[];
  learnedKeys: string[];
  /** ISO 8601. */
  updatedAt: string;
}

/**
 * An entry as the user saves it. `learnedKeys`, when given, is the learned keys the user kept
 * after reviewing them: learned keys not in it are removed (a typo the platform happened to
 * accept). It can only remove: keys are learned from answers, or entered as placeholders.
 */
export type CatalogAgentInput = Omit<CatalogAgent, 'learnedKeys' | 'updatedAt'> & { learnedKeys?: string[] };

export interface CatalogAgentRef {
  agentId: string;
}

/** The catalog's slice of the Api. */
export interface CatalogApi {
  /** The local agent catalog of the active profile. */
  listCatalog(): Promise<CatalogAgent[]>;
  saveCatalogAgent(request: CatalogAgentInput): Promise<Result<CatalogAgent[]>>;
  deleteCatalogAgent(request: CatalogAgentRef): Promise<Result<CatalogAgent[]>>;
}
