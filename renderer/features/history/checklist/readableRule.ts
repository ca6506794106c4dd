/**
 * A rule as read: its markdown source without the inline marks (**bold**, _emphasis_, code
 * backticks, [link](address) kept as its words). Still a text node: nothing here is markup.
 * The kept text and the report keep the source as written.
 */
export function readableRule(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`+([^`]+?)`+/g, '$1');
}
