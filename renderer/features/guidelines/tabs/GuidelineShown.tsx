import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useTabGuideline } from './queries/guidelineTabs';
import { invalidateLibrary } from '../queries/library';
import { useProfiles } from '../../profile/queries/profiles';
import { GuidelineView } from '../GuidelineView';
import { OfflineCopy } from '../library/OfflineCopy';
import { GuidelineVersions } from '../versions/GuidelineVersions';
import { KeptCopyFirst } from './KeptCopyFirst';
import { useGuidelineTabs } from './GuidelineTabsContext';
import type { AnswerInView } from './answerPlace';
import { JudgeBeside } from './JudgeBeside';

/**
 * One guideline of one profile in a Guideline region: the live answer when its profile is the
 * active one, the kept copy first while that answer is on its way (or when it is another
 * profile's), and the kept copy with "Try the server again" when the server could not give it.
 * Used by a guideline tab and by the panel beside the workbench.
 */
export function GuidelineShown({
  tab,
  label,
  toolbar,
  answer,
}: {
  tab: GuidelineTabRef | null;
  label?: string;
  toolbar?: ReactNode;
  /** Beside the workbench: the answer in view, which a judge agent can check against this guideline. */
  answer?: AnswerInView | null;
}) {
  const profiles = useProfiles().data;
  const { dispatch, readIsAsked } = useGuidelineTabs();
  // A tab restored at start is read without a History entry until the person opens it.
  const guideline = useTabGuideline(tab?.profileId ?? null, tab?.guidelineId ?? null, () => tab === null || readIsAsked(tab));
  const queryClient = useQueryClient();
  // A fetch that ended has been filed in the library (maybe as a new version): show it there.
  useEffect(() => {
    if (guideline.dataUpdatedAt > 0) void invalidateLibrary(queryClient);
  }, [guideline.dataUpdatedAt, queryClient]);

  const live = tab !== null && profiles !== undefined && tab.profileId === profiles.activeProfileId;
  // Read while this page was behind on the active profile (another browser tab switched it): the
  // host refused, the profiles were read again, and the guideline asked for belongs to the
  // profile the header now shows, so the tab moves there and reads from it.
  const refused = guideline.data !== undefined && !guideline.data.ok && guideline.data.error.code === 'profile_changed';
  const activeProfileId = profiles?.activeProfileId;
  useEffect(() => {
    if (refused && tab !== null && activeProfileId !== undefined && activeProfileId !== tab.profileId)
      dispatch({ type: 'rehome', tab, profileId: activeProfileId });
  }, [refused, tab, activeProfileId, dispatch]);
  const otherProfile =
    tab !== null && profiles !== undefined && !live
      ? (profiles.profiles.find((profile) => profile.id === tab.profileId)?.name ?? 'a deleted profile')
      : null;
  return (
    <GuidelineView
      label={label}
      toolbar={tab !== null ? toolbar : undefined}
      banner={
        tab !== null && live ? (
          <>
            <GuidelineVersions profileId={tab.profileId} guidelineId={tab.guidelineId} />
            {answer !== undefined && guideline.data?.ok && (
              <JudgeBeside answer={answer} guideline={guideline.data.value.guideline} guidelineId={tab.guidelineId} />
            )}
          </>
        ) : undefined
      }
      state={{
        openedId: tab?.guidelineId ?? null,
        data: live ? guideline.data : undefined,
        error: guideline.error,
        isError: live && guideline.isError,
        isFetching: live && guideline.isFetching,
      }}
    >
      {tab !== null && live && guideline.data === undefined && !guideline.isError && <KeptCopyFirst tab={tab} why="refreshing" />}
      {tab !== null && otherProfile !== null && <KeptCopyFirst tab={tab} why={{ profileName: otherProfile }} />}
      {live && (
        <OfflineCopy
          profileId={tab.profileId}
          guidelineId={tab.guidelineId}
          result={guideline.data}
          retrying={guideline.isFetching}
          onRetry={() => {
            dispatch({ type: 'open', tab });
            void guideline.refetch({ cancelRefetch: false });
          }}
        />
      )}
    </GuidelineView>
  );
}
