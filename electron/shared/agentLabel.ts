/**
 * How an agent is named wherever the app or the command line shows one: the name the catalog or
 * the app knows it by, with the start of its id ("Support reply drafter (3f6c2a8e…)"), or the
 * id alone where no name is known. The full id stays wherever there is room for it (a title, a
 * report's data), so two agents of one name are still told apart.
 */

/** "3f6c2a8e…": the first 8 characters of an id, so columns stay narrow. */
export function shortAgentId(id: string): string {
  return id.length > 9 ? `${id.slice(0, 8)}…` : id;
}

/** "Support reply drafter (3f6c2a8e…)" where a name is known; else the id, whole. */
export function agentLabel(agentId: string, name: string | null | undefined): string {
  const known = name?.trim();
  return known ? `${known} (${shortAgentId(agentId)})` : agentId;
}

/** Agents' names by id, as the catalog or the app's known agents give them. */
export type AgentNames = ReadonlyMap<string, string>;
