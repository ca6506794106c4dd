import type { ReactNode } from 'react';
import type { GuidelineResult, GuidelineSuccess } from '../../../electron/shared/contract';
import { Disclosure } from '../../ui/Disclosure';
import { ErrorPanel, HostErrorPanel } from '../../ui/ErrorPanel';
import { SaveToFileAction } from '../response/SaveToFileAction';
import { ExchangeExtras, ExchangeSummary, WholeBodyActionContext } from '../../ui/ExchangeDetails';
import { DocumentBoundary } from '../../ui/ErrorBoundary';
import { LazySafeMarkdown } from './LazySafeMarkdown';

/** What the Guideline region needs from the guideline query. */
export interface GuidelineState {
  openedId: string | null;
  data: GuidelineResult | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
}

function GuidelineDocument({ value }: { value: GuidelineSuccess }) {
  const { guideline, exchange } = value;
  return (
    <article className="guideline-document">
      <ExchangeSummary exchange={exchange} />
      <header className="guideline-header">
        <h2 className="guideline-name">{guideline.name}</h2>
        {guideline.description && <p className="guideline-description">{guideline.description}</p>}
      </header>
      {guideline.content.trim() === '' ? (
        <p className="muted">This guideline has no content.</p>
      ) : (
        <LazySafeMarkdown content={guideline.content} />
      )}
      <Disclosure summary="Markdown source">
        <pre className="code-block">{guideline.content}</pre>
      </Disclosure>
      <ExchangeExtras exchange={exchange} />
    </article>
  );
}

/** The Guideline region: a hint, loading, the document, or an error panel like the invoke one. */
export function GuidelineView({
  state,
  children,
}: {
  state: GuidelineState;
  /** Shown after the answer, in the region: the library's kept copy when a fetch failed (issue 9). */
  children?: ReactNode;
}) {
  const { openedId, data, error, isError, isFetching } = state;
  return (
    <section aria-label="Guideline" className="card guideline-view" aria-busy={isFetching}>
      {openedId === null && (
        <div className="empty-state">
          <p>No guideline open.</p>
          <p className="muted">Pick a known guideline, or type an id and press Enter.</p>
        </div>
      )}
      {openedId !== null && isFetching && (
        <div className="pending">
          <span className="spinner" aria-hidden="true" />
          <span>
            Loading <span className="mono">{openedId}</span>…
          </span>
        </div>
      )}
      {isError && <HostErrorPanel error={error} />}
      {!isError &&
        data &&
        (data.ok ? (
          <DocumentBoundary what="guideline" text={data.value.guideline.content}>
            <GuidelineDocument value={data.value} />
          </DocumentBoundary>
        ) : (
          <WholeBodyActionContext.Provider
            value={
              openedId !== null ? (
                <SaveToFileAction target={{ kind: 'guideline', request: { guidelineId: openedId } }} label="Save the whole body to a file…" />
              ) : null
            }
          >
            <ErrorPanel
              error={data.error}
              action={
                data.error.code === 'too_large' && openedId !== null ? (
                  <SaveToFileAction target={{ kind: 'guideline', request: { guidelineId: openedId } }} />
                ) : undefined
              }
            />
          </WholeBodyActionContext.Provider>
        ))}
      {children}
    </section>
  );
}
