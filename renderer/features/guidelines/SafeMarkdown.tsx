import type { ComponentType, ReactNode } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkHtmlAsText } from '../../lib/remarkHtmlAsText';
import { markdownUrlTransform } from '../../lib/safeUrl';
import { DocumentBoundary } from '../../ui/ErrorBoundary';
import { nestsTooDeeply } from './markdownDepth';

/**
 * Untrusted markdown, rendered safely:
 * - no rehype-raw: HTML in the text never becomes elements; remarkHtmlAsText shows it as
 *   literal code so a reader can see it was there;
 * - every URL goes through the allow-list (http, https, mailto, #fragment); a link that fails
 *   keeps its text but loses its href;
 * - images never load: a guideline must not make the app fetch remote content (tracking
 *   pixels, internal addresses), so an image is shown as a labelled link instead;
 * - headings move down two levels so the guideline's own h1 sits under the view's h2.
 */
export const BLOCKED_TITLE = 'Link removed: only http, https and mailto links are allowed';

function ExternalLink({ href, children, title }: { href: string; children: ReactNode; title?: string | undefined }) {
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The `a` element through `Link`; a link whose address the URL check removed stays as its text,
 * marked and titled as removed.
 */
export function linksThrough(Link: ComponentType<{ href: string; title?: string | undefined; children: ReactNode }>): Components['a'] {
  return function SafeLink({ href, title, children }) {
    return href ? (
      <Link href={href} title={title}>
        {children}
      </Link>
    ) : (
      <span className="md-blocked-link" title={BLOCKED_TITLE}>
        {children}
      </span>
    );
  };
}

/** The element choices for untrusted markdown; the guideline reader extends them. */
export const components: Components = {
  a: linksThrough(ExternalLink),
  img: ({ src, alt }) => {
    const url = typeof src === 'string' && src !== '' ? src : null;
    const label = `Image: ${alt || 'no description'}`;
    return (
      <span className="md-image">
        {label}{' '}
        {url ? (
          <>
            (<ExternalLink href={url}>{url}</ExternalLink>)
          </>
        ) : (
          <span title={BLOCKED_TITLE}>(address removed)</span>
        )}
      </span>
    );
  },
  table: ({ children }) => (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  ),
  h1: ({ children }) => <h3 className="md-h1">{children}</h3>,
  h2: ({ children }) => <h4 className="md-h2">{children}</h4>,
  h3: ({ children }) => <h5 className="md-h3">{children}</h5>,
  h4: ({ children }) => <h6 className="md-h4">{children}</h6>,
  h5: ({ children }) => <h6 className="md-h5">{children}</h6>,
  h6: ({ children }) => <h6 className="md-h6">{children}</h6>,
};

/** GFM, with raw HTML turned into visible code text. */
export const remarkPlugins = [remarkGfm, remarkHtmlAsText];

/** The note above a text that is shown plainly because it nests too deeply. */
export const TOO_DEEP_NOTE = 'Shown as plain text: nested too deeply to render safely.';

/** A text nested too deeply to parse safely, shown as plain text with the note that says why. */
export function TooDeepAsText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <p className="inline-note" role="note">
        {TOO_DEEP_NOTE}
      </p>
      <pre className="markdown-plain" tabIndex={0} aria-label="The text, as plain text">
        {text}
      </pre>
    </div>
  );
}

/**
 * Renders untrusted markdown with GFM (tables, task lists, strikethrough) and nothing unsafe.
 * `rehypePlugins` may add to the rendered tree (the answer view's highlights); they run after
 * the parse, on elements react-markdown made, so they cannot let HTML in.
 *
 * Two guards keep one bad text from taking the app down: a text that nests too deeply for
 * the parser's recursion (see markdownDepth) is shown as plain text with a note, without
 * being parsed; and any other failure while rendering is caught by a DocumentBoundary,
 * which says so and offers the plain text.
 */
export function SafeMarkdown({ content, rehypePlugins }: { content: string; rehypePlugins?: Options['rehypePlugins'] }) {
  if (nestsTooDeeply(content)) return <TooDeepAsText text={content} />;
  return (
    <DocumentBoundary what="markdown" text={content}>
      <div className="markdown">
        <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={markdownUrlTransform} components={components}>
          {content}
        </Markdown>
      </div>
    </DocumentBoundary>
  );
}
