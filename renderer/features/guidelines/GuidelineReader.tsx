import { useCallback, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isOpenableExternally } from '../../lib/safeUrl';
import { CopyButton } from '../../ui/CopyButton';
import { desktopConfirmsLinks, LinkConfirm, openOutside } from './LinkConfirm';
import { nextHeadingPrefix, outline as makeOutline, sectionSource } from './outline';
import { markdownToPlainText } from './plainText';
import { ReaderChunk, ReaderContext, type ReaderActions } from './ReaderChunk';
import { ReaderContents } from './ReaderContents';
import { ReaderFind } from './ReaderFind';
import { ReaderFocusContext } from './readerFocus';
import { useProgressiveChunks } from './useProgressiveChunks';
import { useScrollSpy } from './useScrollSpy';

/**
 * Image hosts the person allowed, per guideline id, for as long as the app runs. Kept outside
 * React so that reopening a guideline (or switching sections) keeps the choice; never stored,
 * so a restart asks again.
 */
const allowedImageHosts = new Map<string, ReadonlySet<string>>();

/** A placeholder's height, guessed from its source, so the scroll bar is about right before it renders. */
function estimatedHeight(chars: number): number {
  return Math.max(24, Math.ceil(chars / 90) * 26);
}

/**
 * The guideline reader: its text rendered a part at a time (see outline.ts and
 * useProgressiveChunks), with contents, heading anchors, copy buttons, find, links that ask before
 * they leave the app, and images that load only from hosts the person allowed for this guideline.
 */
export function GuidelineReader({ content, name, guidelineId }: { content: string; name: string; guidelineId: string }) {
  // Ids unique to this reader: another guideline may be open on the same page.
  const [headingPrefix] = useState(nextHeadingPrefix);
  const outline = useMemo(() => makeOutline(content, name, headingPrefix), [content, name, headingPrefix]);
  const { headings, chunks } = outline;
  const textRef = useRef<HTMLDivElement>(null);
  const findInputRef = useRef<HTMLInputElement>(null);
  const findButtonRef = useRef<HTMLButtonElement>(null);
  const { rendered, placed, render } = useProgressiveChunks(chunks, textRef);
  const [current, setCurrent] = useScrollSpy(textRef, headings.length);
  const [hosts, setHosts] = useState<ReadonlySet<string>>(() => allowedImageHosts.get(guidelineId) ?? new Set());
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const [findOpen, setFindOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<number | null>(null);

  const goToHeading = useCallback(
    (index: number) => {
      const heading = headings[index];
      if (!heading) return;
      render(heading.chunk);
      setFocusTarget(index);
    },
    [headings, render],
  );

  // Once the heading's part is in the page: bring it to the top and give it focus, so the next
  // Tab continues from there (and a screen reader reads it).
  useEffect(() => {
    if (focusTarget === null) return;
    const heading = headings[focusTarget];
    const element = heading ? textRef.current?.ownerDocument.getElementById(heading.id) : null;
    if (!element) return;
    element.scrollIntoView?.({ block: 'start' });
    element.focus({ preventScroll: true });
    setCurrent(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, rendered, headings, setCurrent]);

  const actions = useMemo<ReaderActions>(
    () => ({
      allowedImageHosts: hosts,
      allowImages: (host) =>
        setHosts((previous) => {
          const next = new Set(previous).add(host);
          allowedImageHosts.set(guidelineId, next);
          return next;
        }),
      openLink: (url) => {
        if (desktopConfirmsLinks() && isOpenableExternally(url)) openOutside(url);
        else setPendingLink(url);
      },
      goToHeading,
      headingPrefix,
    }),
    [hosts, guidelineId, goToHeading, headingPrefix],
  );

  const restHeight = useMemo(
    () => chunks.reduce((sum, chunk, index) => (rendered.has(index) ? sum : sum + estimatedHeight(chunk.source.length)), 0),
    [chunks, rendered],
  );
  const sections = useMemo(
    () => chunks.map((chunk) => (chunk.heading === null ? () => chunk.source : () => sectionSource(content, headings[chunk.heading!]!))),
    [chunks, headings, content],
  );

  // Opened by the person: the text takes focus, so Ctrl+F and the arrow keys work in it at once.
  const readerRef = useRef<HTMLDivElement>(null);
  const focusWanted = useContext(ReaderFocusContext);
  useEffect(() => {
    if (!focusWanted.wanted) return;
    readerRef.current?.focus({ preventScroll: true });
    focusWanted.done();
  }, [focusWanted]);

  function openFind() {
    setFindOpen(true);
    // The field exists after this render; focus and select it then (or now, when already open).
    requestAnimationFrame(() => {
      findInputRef.current?.focus();
      findInputRef.current?.select();
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
      // Inside the reader, Ctrl/Cmd+F is the reader's find: the page's own find (the browser's,
      // or the desktop's Find in Page) sees only the parts rendered so far.
      event.preventDefault();
      event.stopPropagation();
      openFind();
    }
  }

  return (
    <ReaderContext.Provider value={actions}>
      {/* Focusable (not in the tab order) so a click in the text makes Ctrl+F the reader's. */}
      <div className="guideline-reader" tabIndex={-1} onKeyDown={onKeyDown} ref={readerRef}>
        <div className="reader-toolbar" role="toolbar" aria-label="Guideline actions">
          <CopyButton text={content} label="Copy markdown of the whole guideline">
            Copy markdown
          </CopyButton>
          <CopyButton text={() => markdownToPlainText(content)} label="Copy plain text of the whole guideline">
            Copy plain text
          </CopyButton>
          <button
            type="button"
            ref={findButtonRef}
            className="button-quiet button-small"
            aria-keyshortcuts="Control+F Meta+F"
            onClick={openFind}
          >
            Find
          </button>
        </div>
        {findOpen && (
          <ReaderFind
            chunks={chunks}
            rendered={rendered}
            textRef={textRef}
            requestRender={render}
            inputRef={findInputRef}
            onClose={() => {
              setFindOpen(false);
              findButtonRef.current?.focus();
            }}
          />
        )}
        <div className="reader-body">
          {headings.length > 0 && <ReaderContents headings={headings} current={current} onGo={goToHeading} />}
          <div className="reader-text" ref={textRef}>
            {chunks.map((chunk, index) =>
              rendered.has(index) ? (
                <div key={index} className="reader-chunk" data-chunk={index} data-heading={chunk.heading ?? undefined}>
                  <ReaderChunk
                    source={chunk.source}
                    heading={chunk.heading === null ? null : headings[chunk.heading]!}
                    headingIndex={chunk.heading}
                    section={sections[index]!}
                  />
                </div>
              ) : placed ? (
                <div
                  key={index}
                  className="reader-chunk reader-placeholder"
                  data-chunk={index}
                  data-heading={chunk.heading ?? undefined}
                  data-placeholder=""
                  style={{ height: estimatedHeight(chunk.source.length) }}
                  aria-hidden="true"
                />
              ) : null,
            )}
            {!placed && <div className="reader-placeholder" style={{ height: restHeight }} aria-hidden="true" />}
          </div>
        </div>
        {pendingLink !== null && <LinkConfirm url={pendingLink} onClose={() => setPendingLink(null)} />}
      </div>
    </ReaderContext.Provider>
  );
}
