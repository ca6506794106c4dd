import { useQueries } from '@tanstack/react-query';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { useKnownGuidelines } from '../../catalog/queries/knownLists';
import { libraryListQuery } from '../queries/library';
import { useProfiles } from '../../profile/queries/profiles';
import { shownName } from '../library/libraryText';
import type { DocumentTabLabel } from '../../tabs/DocumentTabStrip';

/** What a tab shows: the guideline's name, and its profile when the strip spans several. */
export interface GuidelineTabLabel {
  name: string;
  /** Shown beside the name (and read as the tab's description) when not null. */
  profile: string | null;
}

/** A guideline tab's label in the tab strip. */
export function stripLabel({ name, profile }: GuidelineTabLabel): DocumentTabLabel {
  return {
    name,
    title: `${name}${profile ? ` — profile ${profile}` : ''}`,
    tag: profile === null ? null : { text: profile, marked: false },
    description: profile && `Profile ${profile}`,
  };
}

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
    const profile =
      showProfiles || !isActive
        ? (profiles?.profiles.find((candidate) => candidate.id === tab.profileId)?.name ?? 'a deleted profile')
        : null;
    return { name, profile };
  };
}
