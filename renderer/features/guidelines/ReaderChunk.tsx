import { createContext, memo, useContext, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { imageHost, markdownUrlTransform } from '../../lib/safeUrl';
import { CopyButton } from '../../ui/CopyButton';
import { DocumentBoundary } from '../../ui/ErrorBoundary';
import { nestsTooDeeply } from './markdownDepth';
import { slugify, type OutlineHeading } from './outline';
import { BLOCKED_TITLE, components as safeComponents, linksThrough, remarkPlugins, TooDeepAsText } from './SafeMarkdown';

/** What a rendered part of the guideline asks of its reader. */
export interface ReaderActions {
  /** Hosts whose images the person allowed for this guideline. */
  allowedImageHosts: ReadonlySet<string>;
  allowImages(host: string): void;
  /** A link was activated: the reader asks before anything opens. */
  openLink(url: string): void;
  /** The "link to this section" button: focus the heading and mark it in the contents. */
  goToHeading(index: number): void;
  /** This reader's heading id prefix (`gl-<n>-`): ids stay unique with two guidelines on a page. */
  headingPrefix: string;
}

export const ReaderContext = createContext<ReaderActions | null>(null);

function useReader(): ReaderActions {
  const reader = useContext(ReaderContext);
  if (!reader) throw new Error('ReaderChunk outside a GuidelineReader');
  return reader;
}

/**
 * A link in the guideline. A click (with any modifier) or a middle click asks the reader, which
 * confirms first; the address stays in `href` so hovering shows where it goes. `target` and `rel`
 * are a second lock: should anything open it anyway, it is a new window without an opener, which
 * the desktop app refuses and hands to its own confirmation.
 */
function ReaderLink({ href, title, children }: { href: string; title?: string | undefined; children: ReactNode }) {
  const reader = useReader();
  if (href.startsWith('#')) {
    // An in-page link: to this guideline's own heading of that name, through its reader's prefix.
    const target = reader.headingPrefix + slugify(decodeURIComponent(href.slice(1)));
    return (
      <a
        href={`#${target}`}
        title={title}
        onClick={(event) => {
          event.preventDefault();
          const element = event.currentTarget.ownerDocument.getElementById(target);
          element?.scrollIntoView({ block: 'start' });
          element?.focus({ preventScroll: true });
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <a
      href={href}
      title={title ?? href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        reader.openLink(href);
      }}
      onAuxClick={(event) => {
        event.preventDefault();
        if (event.button === 1) reader.openLink(href);
      }}
    >
      {children}
    </a>
  );
}

/** Links in a guideline, through ReaderLink; made once, so every render uses the same component. */
const readerLink = linksThrough(ReaderLink);

/** An image: loaded only from a host the person allowed for this guideline, else a placeholder naming the host. */
function ReaderImage({ src, alt }: { src: unknown; alt: string | undefined }) {
  const reader = useReader();
  const url = typeof src === 'string' && src !== '' ? src : null;
  const host = url ? imageHost(url) : null;
  const label = `Image: ${alt || 'no description'}`;
  if (url && host && reader.allowedImageHosts.has(host)) {
    return <img src={url} alt={alt ?? ''} referrerPolicy="no-referrer" loading="lazy" />;
  }
  return (
    <span className="md-image md-image-blocked">
      <span>{label}</span>{' '}
      {host ? (
        <>
          <span className="muted">from {host}, not loaded.</span>{' '}
          <button type="button" className="button-quiet button-small" onClick={() => reader.allowImages(host)}>
            Load images from {host}
          </button>
        </>
      ) : url ? (
        <span className="muted" title={url}>
          (not loaded: only https images can be shown)
        </span>
      ) : (
        <span title={BLOCKED_TITLE}>(address removed)</span>
      )}
    </span>
  );
}

/** The text of a hast node: what a code block holds, exactly as written in the source. */
function nodeText(node: unknown): string {
  const value = node as { value?: unknown; children?: unknown[] } | undefined;
  if (!value) return '';
  if (typeof value.value === 'string') return value.value;
  return (value.children ?? []).map(nodeText).join('');
}

const HEADING_TAGS = { 1: 'h3', 2: 'h4', 3: 'h5', 4: 'h6', 5: 'h6', 6: 'h6' } as const;

/** The chunk's own heading: its id, and beside it "link to this section" and "Copy section". */
function ChunkHeading({
  heading,
  index,
  section,
  children,
}: {
  heading: OutlineHeading;
  index: number;
  section: () => string;
  children: ReactNode;
}) {
  const reader = useReader();
  const Tag = HEADING_TAGS[heading.level as keyof typeof HEADING_TAGS];
  return (
    <div className="md-heading-row">
      <Tag id={heading.id} className={`md-h${heading.level}`} tabIndex={-1}>
        {children}
      </Tag>
      <span className="md-heading-actions">
        <button
          type="button"
          className="button-quiet button-small heading-anchor"
          aria-label={`Link to section: ${heading.text}`}
          title="Link to this section"
          onClick={() => reader.goToHeading(index)}
        >
          #
        </button>
        <CopyButton text={section} label={`Copy section: ${heading.text}`} />
      </span>
    </div>
  );
}

function chunkComponents(heading: OutlineHeading | null, headingIndex: number | null, section: () => string): Components {
  const headingComponent =
    (level: number): Components['h1'] =>
    ({ node, children }) => {
      const Tag = HEADING_TAGS[level as keyof typeof HEADING_TAGS];
      if (heading && headingIndex !== null && node?.position?.start.line === 1) {
        return (
          <ChunkHeading heading={heading} index={headingIndex} section={section}>
            {children}
          </ChunkHeading>
        );
      }
      return <Tag className={`md-h${level}`}>{children}</Tag>;
    };
  return {
    ...safeComponents,
    a: readerLink,
    img: ({ src, alt }) => <ReaderImage src={src} alt={alt} />,
    pre: ({ node, children }) => (
      <div className="md-code">
        <div className="md-code-actions">
          <CopyButton text={nodeText(node).replace(/\n$/, '')} label="Copy code" />
        </div>
        <pre>{children}</pre>
      </div>
    ),
    h1: headingComponent(1),
    h2: headingComponent(2),
    h3: headingComponent(3),
    h4: headingComponent(4),
    h5: headingComponent(5),
    h6: headingComponent(6),
  };
}

/**
 * One part of the guideline, rendered through the same safe pipeline as SafeMarkdown (no raw
 * HTML, allow-listed URLs) with the reader's links, images, code blocks and headings. Memoised:
 * a part, once rendered, is not rendered again while the reader scrolls or finds.
 */
export const ReaderChunk = memo(function ReaderChunk({
  source,
  heading,
  headingIndex,
  section,
}: {
  source: string;
  heading: OutlineHeading | null;
  headingIndex: number | null;
  section: () => string;
}) {
  if (nestsTooDeeply(source)) return <TooDeepAsText text={source} />;
  return (
    <DocumentBoundary what="markdown" text={source}>
      <div className="markdown">
        <Markdown
          remarkPlugins={remarkPlugins}
          urlTransform={markdownUrlTransform}
          components={chunkComponents(heading, headingIndex, section)}
        >
          {source}
        </Markdown>
      </div>
    </DocumentBoundary>
  );
});
