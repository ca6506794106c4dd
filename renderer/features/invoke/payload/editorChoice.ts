import { createContext, useContext } from 'react';

/**
 * Which payload editor to show: the CodeMirror editor, or a plain textarea.
 *
 * Why a choice at all: the page runs under a strict Content-Security-Policy (`style-src
 * 'self'`, nothing inline). CodeMirror creates its styles at run time; in a document it puts
 * them in a `<style>` element, which that policy blocks (the editor would be unstyled and the
 * console would log a violation). In a shadow root it uses a constructed stylesheet
 * (`adoptedStyleSheets`), which the policy allows. So the editor lives in a shadow root, and
 * where constructed stylesheets are missing, the plain textarea is the honest fallback.
 *
 * Component tests (jsdom) choose 'plain' through the provider: jsdom has no layout, and
 * Testing Library cannot reach into a shadow root; the editor's logic is tested as plain
 * functions, and the editor itself in real Chromium.
 */
/** The two payload editors. */
export type PayloadEditorKind = 'code' | 'plain';

/** 'code' where a shadow root can adopt a constructed stylesheet, else 'plain'. */
function detectPayloadEditorKind(): PayloadEditorKind {
  const supported =
    typeof ShadowRoot !== 'undefined' &&
    'adoptedStyleSheets' in ShadowRoot.prototype &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype;
  return supported ? 'code' : 'plain';
}

/** Provide a kind to override detection (tests, or a future setting). */
export const PayloadEditorKindContext = createContext<PayloadEditorKind | null>(null);

/** The kind in effect: the provided one, else what the browser supports. */
export function usePayloadEditorKind(): PayloadEditorKind {
  return useContext(PayloadEditorKindContext) ?? detectPayloadEditorKind();
}

/** What the form asks of either editor: focus, optionally with the caret at an offset. */
export interface PayloadEditorHandle {
  focus(): void;
  focusAt(offset: number): void;
}
