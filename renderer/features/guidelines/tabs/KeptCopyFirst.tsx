import type { GuidelineTabRef } from '../../../../electron/shared/contract';
import { useGuidelineCopy } from '../../../queries/library';
import { DocumentBoundary } from '../../../ui/ErrorBoundary';
import { shownTime } from '../library/libraryText';
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
        This guideline is from the profile {why.profileName}, which is not the active one, and no copy of it is kept. Switch to that profile to read it.
      </p>
    ) : null;
  }
  const { guideline, version } = copy.data.value;
  return (
    <article className="offline-copy" aria-label="Kept copy">
      <div className="offline-copy-note" role="note">
        <p>
          <strong>
            Kept copy, fetched <time dateTime={version.fetchedAt}>{shownTime(version.fetchedAt)}</time>
          </strong>
          {typeof why === 'object'
            ? `. It is from the profile ${why.profileName}, which is not the active one: switch to it to get the current version.`
            : '. Getting the current version from the server…'}
        </p>
      </div>
      <header className="guideline-header">
        <h2 className="guideline-name">{guideline.name}</h2>
        {guideline.description && <p className="guideline-description">{guideline.description}</p>}
      </header>
      <DocumentBoundary what="guideline" text={guideline.content}>
        {guideline.content.trim() === '' ? (
          <p className="muted">This guideline has no content.</p>
        ) : (
          <LazyGuidelineReader content={guideline.content} name={guideline.name} guidelineId={tab.guidelineId} />
        )}
      </DocumentBoundary>
    </article>
  );
}
