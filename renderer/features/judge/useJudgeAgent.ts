import { useKnownAgents } from '../catalog/queries/knownLists';
import { useCatalog } from '../catalog/queries/catalog';
import { useProfiles } from '../profile/queries/profiles';
import { useSettings, useUpdateSettings } from '../settings/queries/settings';

/**
 * The judge agent picked for the active profile: the one the person chose there before (kept in
 * the app's settings, per profile, since agent ids belong to a platform), else the first known
 * agent that is a judge (the Sandbox's Guideline judge), else none. The choices are the known
 * agents and the profile's catalog, each once; a remembered id no longer among them is offered too.
 */
export function useJudgeAgent() {
  const profileId = useProfiles().data?.activeProfileId;
  const known = useKnownAgents().data;
  const catalog = useCatalog().data;
  const settings = useSettings().data;
  const update = useUpdateSettings();
  const saved = profileId === undefined ? undefined : settings?.judgeAgents?.[profileId];
  const agentId = saved ?? known?.find((agent) => agent.judge === true)?.id ?? '';

  const options: { id: string; name: string }[] = [];
  const add = (id: string, name: string) => {
    if (id !== '' && !options.some((option) => option.id === id)) options.push({ id, name });
  };
  for (const agent of known ?? []) add(agent.id, agent.judge === true ? `${agent.name} (judge)` : agent.name);
  for (const entry of catalog ?? []) add(entry.agentId, entry.name.trim() || entry.agentId);
  add(agentId, agentId);

  function choose(id: string) {
    if (profileId === undefined) return;
    const { [profileId]: _previous, ...others } = settings?.judgeAgents ?? {};
    update.mutate({ judgeAgents: id === '' ? others : { ...others, [profileId]: id } });
  }

  return { profileId, agentId, options, choose, saveError: update.isError ? update.error : null };
}
