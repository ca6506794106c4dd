import { useEffect, useRef, useState } from 'react';
import type { JsonObject } from '../../../electron/shared/api';
import { useHost } from '../../host/HostContext';
import { emptyCase, emptySuite, type CaseDraft, type ExpectDraft, type SuiteDraft } from './suiteModel';
import { isPlainObject } from '../../../electron/shared/check';

/**
 * The suite being edited is kept on every change, so an unsaved edit survives a reload or a
 * restart of the app: in the page's storage (at once) and by the host (loadSuiteDraft and
 * saveSuiteDraft, the data folder's suite-draft.json). The page's storage alone was not enough:
 * in the desktop app the page's origin (app://) is fixed and its storage persists, but in
 * browser mode the origin carries the host's port, a free one on each start, so a draft kept
 * per origin was gone after every restart unless `--port N` was given.
 */

const SUITE_DRAFT_KEY = 'agent-explorer:suite-draft:v1';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be refused (privacy settings): the editor still works, it only does not keep the draft.
    return null;
  }
}

const textOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** A kept case with every field the editor reads: a field missing or of the wrong type gets its empty value. */
function keptCase(raw: unknown, base: CaseDraft): CaseDraft {
  const kept = isPlainObject(raw) ? raw : {};
  const expect = isPlainObject(kept['expect']) ? kept['expect'] : {};
  const expectDraft = { ...base.expect };
  for (const field of Object.keys(expectDraft) as Array<keyof ExpectDraft>) {
    const value = expect[field];
    // Each field's own values are checked where the form reads them; here only its type.
    if (typeof value === 'string') (expectDraft as Record<string, string>)[field] = value;
  }
  return {
    key: base.key,
    name: textOr(kept['name'], base.name),
    agent: textOr(kept['agent'], base.agent),
    text: textOr(kept['text'], base.text),
    payloadText: textOr(kept['payloadText'], base.payloadText),
    payloadView: kept['payloadView'] === 'table' ? 'table' : 'json',
    expect: expectDraft,
  };
}

/**
 * A kept draft made whole, or null when it is not one. The draft comes from storage another
 * version of the app (or a damaged file) may have written: a case without `expect`, say, must
 * not crash the section, so every field the editor reads is given its type here.
 */
function keptDraft(value: unknown): SuiteDraft | null {
  if (!isPlainObject(value) || !Array.isArray(value['cases'])) return null;
  const empty = emptySuite();
  const data =
    isPlainObject(value['data']) && typeof value['data']['name'] === 'string' && typeof value['data']['text'] === 'string'
      ? { name: value['data']['name'], text: value['data']['text'] }
      : null;
  return {
    name: textOr(value['name'], ''),
    fileName: typeof value['fileName'] === 'string' ? value['fileName'] : null,
    agents: textOr(value['agents'], ''),
    dataName: textOr(value['dataName'], ''),
    data,
    defaults: keptCase(value['defaults'], empty.defaults),
    cases: value['cases'].map((item) => keptCase(item, emptyCase())),
    extra: isPlainObject(value['extra']) ? value['extra'] : {},
    dirty: value['dirty'] === true,
  };
}

/** The kept draft, or a new empty suite when none is kept (or it cannot be read). */
function loadSuiteDraft(): SuiteDraft {
  try {
    const text = storage()?.getItem(SUITE_DRAFT_KEY);
    if (!text) return emptySuite();
    const value: unknown = JSON.parse(text);
    return keptDraft(value) ?? emptySuite();
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
    // A data file too large to hold as text is the picked file itself, which no storage keeps.
    if (draft.data && 'file' in draft.data) {
      store.setItem(SUITE_DRAFT_KEY, JSON.stringify(withoutFile(draft)));
      return 'kept-without-data';
    }
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

/** The draft as kept: a data file held as a picked file (not text) is left out. */
const withoutFile = (draft: SuiteDraft): SuiteDraft => (draft.data && 'file' in draft.data ? { ...draft, data: null } : draft);

/** How long edits gather before the host is sent the draft (a typed word is one write, not one per key). */
const HOST_DRAFT_DELAY_MS = 400;

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
        const kept = keptDraft(value);
        if (kept && !edited.current) setDraft(kept);
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
        .saveSuiteDraft({ draft: withoutFile(draft) as unknown as JsonObject })
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
