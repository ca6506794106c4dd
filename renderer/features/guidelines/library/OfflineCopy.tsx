import type { GuidelineResult } from '../../../../electron/shared/contract';
import { useGuidelineCopy } from '../../../queries/library';
import { DocumentBoundary } from '../../../ui/ErrorBoundary';
import { LazySafeMarkdown } from '../LazySafeMarkdown';
import { shownTime } from './libraryText';

/** Failures after which the kept copy is what a person wants to read: the platform did not answer. */
const UNREACHED = new Set(['network', 'timeout', 'http_status', 'not_json', 'contract', 'too_large']);

/**
 * The last kept copy of a guideline, shown in the Guideline region when a fetch failed because
 * the platform could not give it (down, slow, an error page): marked plainly with when it was
 * fetched, with a button that tries the server again. The copy is the server's own text, kept
 * by the library, and goes through the same sanitizing markdown view as a live answer.
 */
export function OfflineCopy({
  profileId,
  guidelineId,
  result,
  retrying,
  onRetry,
}: {
  profileId: string | undefined;
  guidelineId: string | null;
  result: GuidelineResult | undefined;
  retrying: boolean;
  onRetry: () => void;
}) {
  const failed = result !== undefined && !result.ok && UNREACHED.has(result.error.code);
  const copy = useGuidelineCopy(failed && profileId !== undefined && guidelineId !== null ? { profileId, guidelineId } : null);
  if (!failed || !copy.data?.ok) return null;
  const { guideline, version } = copy.data.value;
  return (
    <article className="offline-copy" aria-label="Kept copy">
      <div className="offline-copy-note" role="note">
        <p>
          <strong>
            Kept copy, fetched <time dateTime={version.fetchedAt}>{shownTime(version.fetchedAt)}</time>
          </strong>
          {version.version > 1 ? ` (version ${version.version})` : ''}. The server could not give it now, so this may be out of date.
        </p>
        <button type="button" className="button-quiet button-small" disabled={retrying} onClick={onRetry}>
          {retrying ? 'Trying again…' : 'Try the server again'}
        </button>
      </div>
      <header className="guideline-header">
        <h2 className="guideline-name">{guideline.name}</h2>
        {guideline.description && <p className="guideline-description">{guideline.description}</p>}
      </header>
      <DocumentBoundary what="guideline" text={guideline.content}>
        {guideline.content.trim() === '' ? <p className="muted">This guideline has no content.</p> : <LazySafeMarkdown content={guideline.content} />}
      </DocumentBoundary>
    </article>
  );
}
