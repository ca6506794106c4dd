import { useCallback } from 'react';
import { useCatalog } from '../../catalog/queries/catalog';
import { useKnownAgents } from '../../catalog/queries/knownLists';
import { shortAgentId } from '../../../../electron/shared/agentLabel';

/** How a run's agent is shown: a name where one is known, else the id shortened; `title` always holds the full id. */
export interface AgentLabel {
  text: string;
  title: string;
}

/**
 * Names agents as the rest of the app does: the name in the user's catalog, else the one the
 * app knows (the Sandbox's agents), else the shortened id. Only the active profile's lists are
 * read: a run of another profile shows ids.
 */
export function useAgentLabels(): (agentId: string) => AgentLabel {
  const catalog = useCatalog().data;
  const known = useKnownAgents().data;
  return useCallback(
    (agentId: string) => {
      const name =
        catalog?.find((agent) => agent.agentId === agentId)?.name.trim() || known?.find((agent) => agent.id === agentId)?.name.trim();
      return { text: name || shortAgentId(agentId), title: agentId };
    },
    [catalog, known],
  );
}
