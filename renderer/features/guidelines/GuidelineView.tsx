import type { ReactNode } from 'react';
import type { GuidelineResult, GuidelineSuccess } from '../../../electron/shared/api';
import { Disclosure } from '../../ui/Disclosure';
import { ErrorPanel, HostErrorPanel } from '../../ui/ErrorPanel';
import { SaveToFileAction } from '../response/SaveToFileAction';
import { ExchangeExtras, ExchangeSummary, WholeBodyActionContext } from '../../ui/ExchangeDetails';
import { DocumentBoundary } from '../../ui/ErrorBoundary';
import { LazyGuidelineReader } from './LazyGuidelineReader';
import { Pending } from '../../ui/Pending';

/** What the Guideline region needs from the guideline query. */
export interface GuidelineState {
  openedId: string | null;
  data: GuidelineResult | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
}

/**
 * One guideline: its name once (the content's own opening heading, when it repeats the name, is
 * left out by the reader), its description, the text with its contents and tools, and at the
 * foot, small and out of the reading flow, how it was fetched (status, address, time).
 */
function GuidelineDocument({ value, guidelineId }: { value: GuidelineSuccess; guidelineId: string }) {
  const { guideline, exchange } = value;
  return (
    <article className="guideline-document">
      <header className="guideline-header">
        <h2 className="guideline-name">{guideline.name}</h2>
        {guideline.description && <p className="guideline-description">{guideline.description}</p>}
      </header>
      {guideline.content.trim() === '' ? (
        <p className="muted">This guideline has no content.</p>
      ) : (
        <LazyGuidelineReader
          key={`${guidelineId}\n${guideline.content.length}`}
          content={guideline.content}
          name={guideline.name}
          guidelineId={guidelineId}
        />
      )}
      <footer className="guideline-transport small">
        <ExchangeSummary exchange={exchange} />
        <Disclosure summary="Markdown source">
          <pre className="code-block">{guideline.content}</pre>
        </Disclosure>
        <ExchangeExtras exchange={exchange} />
      </footer>
    </article>
  );
}

/** The Guideline region: a hint, loading, the document, or an error panel like the invoke one. */
export function GuidelineView({
  state,
  banner,
  children,
  label = 'Guideline',
  toolbar,
}: {
  state: GuidelineState;
  /** Shown first in the region: "changed since you last read it" and Compare versions. */
  banner?: ReactNode;
  /** The region's name: "Guideline", or one that starts with it when two are on a page. */
  label?: string;
  /** Actions on the guideline shown (e.g. "Show beside the workbench"), at the top of the region. */
  toolbar?: ReactNode;
  /** Shown after the answer, in the region: the library's kept copy when a fetch failed. */
  children?: ReactNode;
}) {
  const { openedId, data, error, isError, isFetching } = state;
  return (
    <section aria-label={label} className="card guideline-view" aria-busy={isFetching}>
      {toolbar}
      {banner}
      {openedId === null && (
        <div className="empty-state">
          <p>No guideline open.</p>
          <p className="muted">Pick a known guideline, or type an id and press Enter.</p>
        </div>
      )}
      {openedId !== null && isFetching && (
        <Pending
          text={
            <>
              Loading <span className="mono">{openedId}</span>…
            </>
          }
        />
      )}
      {isError && <HostErrorPanel error={error} />}
      {!isError &&
        data &&
        (data.ok ? (
          <DocumentBoundary what="guideline" text={data.value.guideline.content}>
            <GuidelineDocument value={data.value} guidelineId={openedId ?? ''} />
          </DocumentBoundary>
        ) : (
          <WholeBodyActionContext.Provider
            value={
              openedId !== null ? (
                <SaveToFileAction
                  target={{ kind: 'guideline', request: { guidelineId: openedId } }}
                  label="Save the whole body to a file…"
                />
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
