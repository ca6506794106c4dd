import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useGuidelineNames } from '../../../lib/targetNames';
import { useProfiles } from '../../profile/queries/profiles';
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
 * Names for guideline tabs: the guideline's name in its own profile (see targetNames), else the
 * id; and the profile's name when the tabs span more than one profile or the tab is not the
 * active profile's.
 */
export function useGuidelineTabLabels(tabs: readonly GuidelineTabRef[]): (tab: GuidelineTabRef) => GuidelineTabLabel {
  const profiles = useProfiles().data;
  const nameOf = useGuidelineNames();
  const showProfiles = new Set(tabs.map((tab) => tab.profileId)).size > 1;
  return (tab) => {
    const isActive = tab.profileId === profiles?.activeProfileId;
    const name = nameOf(tab.profileId, tab.guidelineId) ?? tab.guidelineId;
    const profile =
      showProfiles || !isActive
        ? (profiles?.profiles.find((candidate) => candidate.id === tab.profileId)?.name ?? 'a deleted profile')
        : null;
    return { name, profile };
  };
}
