import { formatCount } from '../../lib/textChunks';
import { colourClass, markDescription } from './HighlightedText';
import { findMatches, pieces, type Pattern } from './provenance';

/**
 * Provenance highlights for an answer rendered as markdown: a rehype plugin that splits the
 * rendered tree's text nodes around each payload value and wraps the value in a `<mark>`,
 * the same mark (colour, title, description) as in plain text.
 *
 * It works on the tree after markdown parsing, so it only ever adds `mark` elements around
 * text the parser already produced: markdown syntax is not matched, and nothing is read as
 * HTML. A value is found within one text node: one split by formatting ("Grace **Hopper**")
 * is not marked, though the Not found list, which reads the raw answer, still counts it.
 *
 * The node shapes are declared structurally rather than imported from `hast`, a transitive
 * package this project does not declare.
 */

interface HastText {
  type: 'text';
  value: string;
}

interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, string | string[]>;
  children: HastNode[];
}

type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

export interface ProvenanceOptions {
  patterns: readonly Pattern[];
  colourOf: (key: string) => number;
  /** Marks past this many are not drawn, across the whole tree; a note says where they stopped. */
  limit: number;
}

function isText(node: HastNode): node is HastText {
  return node.type === 'text';
}

function hasChildren(node: HastNode): node is HastNode & { children: HastNode[] } {
  return Array.isArray((node as { children?: unknown }).children);
}

/** The plugin, for `rehypePlugins={[[rehypeProvenance, options]]}`. */
export function rehypeProvenance(options: ProvenanceOptions) {
  const { patterns, colourOf, limit } = options;
  return (tree: HastNode): void => {
    if (patterns.length === 0) return;
    let left = limit;
    let cut = false;

    function marked(text: string): HastNode[] {
      const { matches, completeUpTo } = findMatches(text, patterns, left);
      if (completeUpTo < text.length) cut = true;
      left -= matches.length;
      return pieces(text, patterns, matches).map(({ text: piece, keys }): HastNode => {
        if (keys === null) return { type: 'text', value: piece };
        const description = markDescription(keys);
        return {
          type: 'element',
          tagName: 'mark',
          properties: { className: colourClass(colourOf(keys[0] ?? '')).split(' '), title: description, 'aria-description': description },
          children: [{ type: 'text', value: piece }],
        };
      });
    }

    function visit(parent: HastNode & { children: HastNode[] }): void {
      parent.children = parent.children.flatMap((child) => {
        if (isText(child)) return cut ? [child] : marked(child.value);
        if (hasChildren(child)) visit(child);
        return [child];
      });
    }

    if (hasChildren(tree)) {
      visit(tree);
      if (cut) {
        tree.children.push({
          type: 'element',
          tagName: 'p',
          properties: { className: ['pv-cut'], role: 'note' },
          children: [{ type: 'text', value: `Highlighting stops after ${formatCount(limit, 'mark')}.` }],
        });
      }
    }
  };
}
