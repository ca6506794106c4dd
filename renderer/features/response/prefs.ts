import type { SnippetLanguage } from './codeSnippets';

/** The views of a response, as tabs. */
export type ResponseViewId = 'answer' | 'json' | 'headers' | 'raw' | 'code';

/**
 * How the person likes to read responses. Kept by the Response region rather than by each
 * response, so the next answer opens the way the last one was left (the JSON view, markdown
 * on, highlights on, Python snippets).
 */
export interface ResponsePrefs {
  view: ResponseViewId;
  markdown: boolean;
  highlight: boolean;
  language: SnippetLanguage;
  /** Raw view: true shows the exact text, false pretty-prints; null means "by size". */
  rawAsReceived: boolean | null;
}

/**
 * Plain text first, with payload values highlighted (provenance is what this view is for); one
 * press turns highlighting off, and it stays off for the following answers.
 */
export const DEFAULT_PREFS: ResponsePrefs = { view: 'answer', markdown: false, highlight: true, language: 'curl', rawAsReceived: null };

/** Changes some preferences, keeps the rest. */
export type PrefsUpdate = (change: Partial<ResponsePrefs>) => void;
