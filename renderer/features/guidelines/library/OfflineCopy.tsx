import type { GuidelineResult } from '../../../../electron/shared/api';
import { useGuidelineCopy } from '../queries/library';
import { LazySafeMarkdown } from '../LazySafeMarkdown';
import { KeptCopyArticle } from './KeptCopyArticle';

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
  const { version } = copy.data.value;
  return (
    <KeptCopyArticle
      copy={copy.data.value}
      note={`${version.version > 1 ? ` (version ${version.version})` : ''}. The server could not give it now, so this may be out of date.`}
      actions={
        <button type="button" className="button-quiet button-small" disabled={retrying} onClick={onRetry}>
          {retrying ? 'Trying again…' : 'Try the server again'}
        </button>
      }
      renderContent={(content) => <LazySafeMarkdown content={content} />}
    />
  );
}
