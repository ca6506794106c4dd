import type { CatalogAgent, JsonObject, KnownAgent } from '../../electron/shared/api';
import { closestName } from '../../electron/shared/editDistance';

/**
 * What the app knows about one agent id, merged from the two sources: the host's built-in
 * list (the Sandbox's agents) and the user's catalog for the active profile. The API itself
 * cannot list agents or their placeholders, so this is all the editor has to go on.
 */
export interface AgentKnowledge {
  agentId: string;
  /** The catalog's name if it has one, else the built-in name, else null. */
  name: string | null;
  /** Placeholders the agent's prompt uses: the built-in ones, then the user's, without repeats. */
  placeholders: string[];
  /** Payload keys of requests that were answered 2xx, learned by the host. */
  learnedKeys: string[];
  builtIn: KnownAgent | null;
  catalog: CatalogAgent | null;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The knowledge about an id (trimmed), or null when neither source knows it. */
export function agentKnowledge(
  agentId: string,
  known: readonly KnownAgent[] | undefined,
  catalog: readonly CatalogAgent[] | undefined,
): AgentKnowledge | null {
  const id = agentId.trim();
  if (id === '') return null;
  const builtIn = known?.find((agent) => agent.id === id) ?? null;
  const entry = catalog?.find((agent) => agent.agentId === id) ?? null;
  if (!builtIn && !entry) return null;
  return {
    agentId: id,
    name: (entry?.name.trim() || builtIn?.name) ?? null,
    placeholders: unique([...(builtIn?.placeholders ?? []), ...(entry?.placeholders ?? [])]),
    learnedKeys: unique(entry?.learnedKeys ?? []),
    builtIn,
    catalog: entry,
  };
}

/** The keys the payload editor completes: placeholders first, then learned keys, each with where it is known from. */
export function completionKeys(knowledge: AgentKnowledge | null): { key: string; detail: string }[] {
  if (!knowledge) return [];
  const placeholders = knowledge.placeholders.map((key) => ({ key, detail: 'placeholder' }));
  const learned = knowledge.learnedKeys.filter((key) => !knowledge.placeholders.includes(key)).map((key) => ({ key, detail: 'learned' }));
  return [...placeholders, ...learned];
}

/** A payload key that is close to one of the agent's placeholders the payload lacks. */
export interface KeyTypo {
  key: string;
  suggestion: string;
}

/** How the payload's keys compare with what is known of the agent (see `keyIndicators`). */
export interface KeyIndicatorsData {
  missing: string[];
  newKeys: string[];
  /** Learned keys that are not among the agent's known placeholders: flagged until the user confirms them. */
  unconfirmed: string[];
  /** Keys that look like a typo of a placeholder the payload lacks ("customer_nme" for "customer_name"), each with it. */
  typos: KeyTypo[];
  /** The agent they are about, for confirming a key into its catalog entry. */
  agentId: string;
}

/**
 * The learned keys that are not among the agent's known placeholders (the built-in ones and
 * the user's): the platform accepted a request with them, which a typo passes too, so they
 * stay flagged until the user confirms them (which makes them placeholders).
 */
export function unconfirmedKeys(knowledge: AgentKnowledge | null): string[] {
  if (!knowledge) return [];
  return knowledge.learnedKeys.filter((key) => !knowledge.placeholders.includes(key));
}

/**
 * How the payload compares with what is known: placeholders it lacks (the agent's prompt
 * will have a hole), keys that are new (neither placeholders nor learned: a typo, or
 * something the agent has never been sent), keys only learned, never confirmed (an
 * answered request taught them; a typo the agent ignored is learned just the same), and the
 * keys among those two that look like a typo of a missing placeholder (listed apart, with the
 * placeholder they likely meant). All empty when nothing is known.
 */
export function keyIndicators(knowledge: AgentKnowledge | null, payload: JsonObject): KeyIndicatorsData {
  if (!knowledge) return { missing: [], newKeys: [], unconfirmed: [], typos: [], agentId: '' };
  const known = new Set([...knowledge.placeholders, ...knowledge.learnedKeys]);
  const unconfirmed = new Set(unconfirmedKeys(knowledge));
  const missing = knowledge.placeholders.filter((name) => !Object.hasOwn(payload, name));
  const typos = keyTypos(Object.keys(payload), knowledge.placeholders, missing);
  const typoKeys = new Set(typos.map((typo) => typo.key));
  return {
    missing,
    newKeys: Object.keys(payload).filter((key) => !known.has(key) && !typoKeys.has(key)),
    unconfirmed: Object.keys(payload).filter((key) => unconfirmed.has(key) && !typoKeys.has(key)),
    typos,
    agentId: knowledge.agentId,
  };
}

/**
 * Keys that are not placeholders but are a small edit away from one the payload lacks: most
 * likely a typo, which the platform would answer without complaint (the prompt keeps its hole).
 * Each placeholder is offered once, to the first key that is close to it.
 */
function keyTypos(keys: readonly string[], placeholders: readonly string[], missing: readonly string[]): KeyTypo[] {
  const typos: KeyTypo[] = [];
  for (const key of keys) {
    if (placeholders.includes(key)) continue;
    const open = missing.filter((name) => !typos.some((typo) => typo.suggestion === name));
    const suggestion = closestName(key, open);
    if (suggestion !== null) typos.push({ key, suggestion });
  }
  return typos;
}
