import type { KeyPresentation } from './contract';

/**
 * How a key presentation reads to people, shared by the host (Detect's report, the Sandbox's
 * hints) and the renderer (the profile form), so both say it in the same words. Never with a
 * key: `<key>` stands in for it.
 */
export function describePresentation(presentation: KeyPresentation): string {
  switch (presentation.kind) {
    case 'bearer':
      return 'Authorization: Bearer <key>';
    case 'scheme':
      return `Authorization: ${presentation.scheme} <key>`;
    case 'header':
      return `${presentation.header}: <key>`;
    case 'query':
      return `?${presentation.param}=<key>`;
  }
}

/** Whether two presentations put the key on a request the same way (names compare case-blind, as HTTP does). */
export function samePresentation(a: KeyPresentation, b: KeyPresentation): boolean {
  return describePresentation(a).toLowerCase() === describePresentation(b).toLowerCase();
}
