import { useEffect, useRef, useState } from 'react';
import type { JsonObject } from '../../../electron/shared/contract';
import { useHost } from '../../host/HostContext';
import { emptySuite, type SuiteDraft } from './suiteModel';

/**
 * The suite being edited is kept on every change, so an unsaved edit survives a reload or a
 * restart of the app: in the page's storage (at once) and by the host (loadSuiteDraft and
 * saveSuiteDraft, the data folder's suite-draft.json). The page's storage alone was not enough:
 * in the desktop app the page's origin (app://) is fixed and its storage persists, but in
 * browser mode the origin carries the host's port, a free one on each start, so a draft kept
 * per origin was gone after every restart unless `--port N` was given.
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

/** How long edits gather before the host is sent the draft (a typed word is one write, not one per key). */
export const HOST_DRAFT_DELAY_MS = 400;

/**
 * The suite draft as state, kept on every change; also says how it was kept. The page's storage
 * answers at once (the editor never waits); the host's copy (suite-draft.json) is read once at
 * start and wins when it has one, because in browser mode the page's storage belongs to an
 * origin that changes with the host's port, i.e. on every start. Nothing is sent to the host
 * before its copy was read, so a fresh origin's empty draft never overwrites the kept one.
 */
export function useSuiteDraft() {
  const api = useHost();
  const [draft, setDraft] = useState(loadSuiteDraft);
  const [kept, setKept] = useState<ReturnType<typeof saveSuiteDraft>>('kept');
  const [hostRead, setHostRead] = useState(false);
  const edited = useRef(false);
  const first = useRef(draft);

  useEffect(() => {
    let stopped = false;
    void api
      .loadSuiteDraft()
      .catch(() => null)
      .then((answer) => {
        if (stopped) return;
        const value = answer?.ok ? answer.value.draft : null;
        // An edit made before the host answered is newer than the host's copy: it stays.
        if (value && isDraft(value) && !edited.current) setDraft({ ...emptySuite(), ...value });
        setHostRead(true);
      });
    return () => {
      stopped = true;
    };
  }, [api]);

  useEffect(() => {
    if (draft !== first.current) edited.current = true;
    // Storage is the external system here: its answer (kept, or kept without the data file) is shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setKept(saveSuiteDraft(draft));
  }, [draft]);

  useEffect(() => {
    if (!hostRead) return;
    const timer = setTimeout(() => {
      void api
        .saveSuiteDraft({ draft: draft as unknown as JsonObject })
        .then((answer) => (answer.ok ? answer : api.saveSuiteDraft({ draft: { ...draft, data: null } as unknown as JsonObject })))
        .then((answer) => {
          if (answer.ok) setKept((now) => (now === 'not-kept' ? 'kept' : now));
        })
        .catch(() => undefined);
    }, HOST_DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, draft, hostRead]);

  return { draft, setDraft, kept };
}
