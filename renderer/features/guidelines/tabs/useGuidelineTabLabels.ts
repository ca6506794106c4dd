import { useQueries } from '@tanstack/react-query';
import type { GuidelineTabRef } from '../../../../electron/shared/contract';
import { useHost } from '../../../host/HostContext';
import { useKnownGuidelines } from '../../../queries/knownLists';
import { libraryListQuery } from '../../../queries/library';
import { useProfiles } from '../../../queries/profiles';
import { shownName } from '../library/libraryText';
import type { GuidelineTabLabel } from './GuidelineTabStrip';

/**
 * Names for guideline tabs: the library's name for it in its own profile (the person's title,
 * else the server's name), else the known list's, else the id; and the profile's name when the
 * tabs span more than one profile or the tab is not the active profile's.
 */
export function useGuidelineTabLabels(tabs: readonly GuidelineTabRef[]): (tab: GuidelineTabRef) => GuidelineTabLabel {
  const api = useHost();
  const profiles = useProfiles().data;
  const known = useKnownGuidelines();
  const profileIds = [...new Set(tabs.map((tab) => tab.profileId))];
  const libraries = useQueries({ queries: profileIds.map((profileId) => libraryListQuery(api, profileId)) });
  const showProfiles = profileIds.length > 1;
  return (tab) => {
    const library = libraries[profileIds.indexOf(tab.profileId)]?.data;
    const entry = library?.find((candidate) => candidate.guidelineId === tab.guidelineId);
    const isActive = tab.profileId === profiles?.activeProfileId;
    const knownName = isActive ? known.data?.find((guideline) => guideline.id === tab.guidelineId)?.name : undefined;
    const name = entry && (entry.title || entry.name) ? shownName(entry) : (knownName ?? tab.guidelineId);
    const profile = showProfiles || !isActive ? (profiles?.profiles.find((candidate) => candidate.id === tab.profileId)?.name ?? 'a deleted profile') : null;
    return { name, profile };
  };
}
