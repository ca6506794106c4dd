import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useGuidelineCopy } from '../queries/library';
import { KeptCopyArticle } from '../library/KeptCopyArticle';
import { LazyGuidelineReader } from '../LazyGuidelineReader';

/**
 * The copy of a guideline the library kept, shown at once where no live answer is on screen:
 * while a restored tab asks the server again (so the text is there from the first frame after a
 * restart), or for a tab of a profile that is not the active one (the host reads only from the
 * active profile). Marked plainly with when it was fetched; the server's text goes through the
 * same sanitizing reader as a live answer.
 */
export function KeptCopyFirst({ tab, why }: { tab: GuidelineTabRef; why: 'refreshing' | { profileName: string } }) {
  const copy = useGuidelineCopy(tab);
  if (!copy.data?.ok) {
    return typeof why === 'object' ? (
      <p className="inline-note" role="note">
        This guideline is from the profile {why.profileName}, which is not the active one, and no copy of it is kept. Switch to that profile
        to read it.
      </p>
    ) : null;
  }
  const kept = copy.data.value;
  return (
    <KeptCopyArticle
      copy={kept}
      note={
        typeof why === 'object'
          ? `. It is from the profile ${why.profileName}, which is not the active one: switch to it to get the current version.`
          : '. Getting the current version from the server…'
      }
      renderContent={(content) => <LazyGuidelineReader content={content} name={kept.guideline.name} guidelineId={tab.guidelineId} />}
    />
  );
}
