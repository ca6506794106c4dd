import type { ReactNode } from 'react';
import type { GuidelineCopy } from '../../../../electron/shared/api';
import { DocumentBoundary } from '../../../ui/ErrorBoundary';
import { shownTime } from './libraryText';

/**
 * A kept copy of a guideline as the library holds it: the note that says when it was fetched
 * (and why the copy is shown: `note` follows "Kept copy, fetched <date>" in the same sentence),
 * the server's name and description, and its content through `renderContent` (a sanitizing
 * view). Shared by the offline copy after a failed fetch and by a tab's copy shown first.
 */
export function KeptCopyArticle({
  copy,
  note,
  actions,
  renderContent,
}: {
  copy: GuidelineCopy;
  note: ReactNode;
  actions?: ReactNode;
  renderContent: (content: string) => ReactNode;
}) {
  const { guideline, version } = copy;
  return (
    <article className="offline-copy" aria-label="Kept copy">
      <div className="cluster offline-copy-note" role="note">
        <p>
          <strong>
            Kept copy, fetched <time dateTime={version.fetchedAt}>{shownTime(version.fetchedAt)}</time>
          </strong>
          {note}
        </p>
        {actions}
      </div>
      <header className="guideline-header">
        <h2 className="guideline-name">{guideline.name}</h2>
        {guideline.description && <p className="guideline-description">{guideline.description}</p>}
      </header>
      <DocumentBoundary what="guideline" text={guideline.content}>
        {guideline.content.trim() === '' ? <p className="muted">This guideline has no content.</p> : renderContent(guideline.content)}
      </DocumentBoundary>
    </article>
  );
}
