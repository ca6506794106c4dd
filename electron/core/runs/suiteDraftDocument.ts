import type { Api, JsonObject, Result, SuiteDraftSave } from '../../shared/api';
import { createJsonDocument, type JsonDocument } from '../storage/jsonDocument';
import { invalid, isPlainObject } from '../../shared/check';

/**
 * The Runs section's unsaved suite, kept by the host in the app's data folder
 * (suite-draft.json) rather than only in the page's storage: in browser mode the page's origin
 * carries the host's port, which is a free one on each start, so a draft kept per origin was
 * gone after every restart. The draft is the page's own document (the editor's state, with a
 * picked data file's text); the host keeps it as a JSON object and checks only its size.
 */

/** What one draft may weigh as JSON: a data file (16 MB at most) with the suite around it. */
const MAX_SUITE_DRAFT_CHARS = 20 * 1024 * 1024;

export interface SuiteDraftFile {
  draft: JsonObject | null;
}

const isObject = (value: unknown): value is JsonObject => isPlainObject(value);

export function suiteDraftDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<SuiteDraftFile> {
  return createJsonDocument<SuiteDraftFile>({
    file,
    empty: () => ({ draft: null }),
    parse: (raw) => (isObject(raw) && (raw.draft === null || isObject(raw.draft)) ? { draft: raw.draft } : null),
    name: 'the suite draft',
    // A draft holds its data file's text (up to 16 MB): read when the page loads, never kept in memory.
    held: false,
    ...(onProblem ? { onProblem } : {}),
  });
}

/** saveSuiteDraft's argument: `{ draft }`, an object (or null to forget it), within the size cap. */
export function parseSuiteDraftSave(raw: unknown): Result<SuiteDraftSave> {
  if (!isObject(raw)) return invalid('Expected { draft }.');
  const { draft } = raw;
  if (draft !== null && !isObject(draft)) return invalid('draft must be an object or null.');
  if (draft !== null && JSON.stringify(draft).length > MAX_SUITE_DRAFT_CHARS) {
    return { ok: false, error: { code: 'too_large', message: 'The suite draft is too large to keep (20 MB at most).' } };
  }
  return { ok: true, value: { draft } };
}

export function suiteDraftMethods(document: JsonDocument<SuiteDraftFile>): Pick<Api, 'loadSuiteDraft' | 'saveSuiteDraft'> {
  return {
    async loadSuiteDraft() {
      return { ok: true, value: { draft: (await document.read()).draft } };
    },
    async saveSuiteDraft(request) {
      const checked = parseSuiteDraftSave(request);
      if (!checked.ok) return checked;
      await document.update(() => ({ draft: checked.value.draft }));
      return { ok: true, value: { kept: true } };
    },
  };
}
