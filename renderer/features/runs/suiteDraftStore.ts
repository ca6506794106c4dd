import { useEffect, useState } from 'react';
import { emptySuite, type SuiteDraft } from './suiteModel';

/**
 * The suite being edited is kept in the page's storage on every change, so an unsaved edit
 * survives a reload or a restart of the app. localStorage rather than the host's workspace: the
 * workspace's contract and its merge rules are about request tabs, and a second document there
 * would mean a new host method for one renderer-only draft. In the desktop app the page's origin
 * is fixed, so the draft is kept across restarts; in browser mode it is kept per origin, i.e.
 * across restarts only when the host listens on the same port (`npm run web -- --port N`).
 */

export const SUITE_DRAFT_KEY = 'agent-explorer:suite-draft:v1';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be refused (privacy settings): the editor still works, it only does not keep the draft.
    return null;
  }
}

const isDraft = (value: unknown): value is SuiteDraft =>
  typeof value === 'object' && value !== null && Array.isArray((value as SuiteDraft).cases) && typeof (value as SuiteDraft).defaults === 'object';

/** The kept draft, or a new empty suite when none is kept (or it cannot be read). */
export function loadSuiteDraft(): SuiteDraft {
  try {
    const text = storage()?.getItem(SUITE_DRAFT_KEY);
    if (!text) return emptySuite();
    const value: unknown = JSON.parse(text);
    return isDraft(value) ? { ...emptySuite(), ...value } : emptySuite();
  } catch {
    return emptySuite();
  }
}

/**
 * Keeps the draft. Answers false when storage refused it even without the data file's text (a
 * large data file may not fit: the suite is kept without it and the page says so).
 */
export function saveSuiteDraft(draft: SuiteDraft): 'kept' | 'kept-without-data' | 'not-kept' {
  const store = storage();
  if (!store) return 'not-kept';
  try {
    store.setItem(SUITE_DRAFT_KEY, JSON.stringify(draft));
    return 'kept';
  } catch {
    try {
      store.setItem(SUITE_DRAFT_KEY, JSON.stringify({ ...draft, data: null }));
      return 'kept-without-data';
    } catch {
      return 'not-kept';
    }
  }
}

/** The suite draft as state, read once and kept on every change; also says how it was kept. */
export function useSuiteDraft() {
  const [draft, setDraft] = useState(loadSuiteDraft);
  const [kept, setKept] = useState<ReturnType<typeof saveSuiteDraft>>('kept');
  useEffect(() => {
    // Storage is the external system here: its answer (kept, or kept without the data file) is shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setKept(saveSuiteDraft(draft));
  }, [draft]);
  return { draft, setDraft, kept };
}
