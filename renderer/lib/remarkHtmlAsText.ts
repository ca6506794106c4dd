/**
 * A remark plugin that turns raw HTML in markdown into literal code text.
 *
 * Guideline content is untrusted. Without rehype-raw, react-markdown already refuses to
 * create elements from HTML; this plugin makes the choice explicit and visible: a reader sees
 * `<script>…</script>` as inert code text (so a support person can tell the content carries
 * HTML), instead of it silently disappearing. Block HTML becomes a code block, inline HTML
 * becomes inline code.
 *
 * The node shapes are declared structurally here rather than imported from `mdast`, which is
 * a transitive package this project does not declare.
 */

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Parents whose children are blocks (flow content); everywhere else HTML is inline. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function replaceHtml(parent: MdNode): void {
  const children = parent.children;
  if (!children) return;
  children.forEach((child, index) => {
    if (child.type === 'html') {
      const value = child.value ?? '';
      children[index] = BLOCK_PARENTS.has(parent.type) ? { type: 'code', value } : { type: 'inlineCode', value };
    } else {
      replaceHtml(child);
    }
  });
}

/** The plugin: use as `remarkPlugins={[remarkGfm, remarkHtmlAsText]}`. */
export function remarkHtmlAsText() {
  return (tree: MdNode): void => {
    replaceHtml(tree);
  };
}
