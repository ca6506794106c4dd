import type {
  GuidelineVersionRequest,
  LibraryAddRequest,
  LibraryGuidelineRef,
  LibraryLabelsRequest,
  LibraryPinRequest,
  LibraryRemoveRequest,
  LibraryRequest,
  LibrarySearchRequest,
  Result,
} from '../../shared/api';
import { MAX_SEARCH_HITS, MAX_TAG_CHARS, MAX_TAGS, MAX_TITLE_CHARS } from './librarySchema';
import { definedOnly, fieldsOf, invalid, isIntegerIn, isNonBlankText, isRowId, isText, ok, type Fields } from '../../shared/check';

/**
 * Argument validators of the guideline library methods (validate.ts holds them in its record).
 * Every field is checked and an unknown one refused, as for the history's.
 */

const MAX_ID_CHARS = 1024;
/** A paste of 500 links fits easily; a pasted document of megabytes does not. */
const MAX_PASTE_CHARS = 256 * 1024;
const MAX_SEARCH_CHARS = 1000;
const MAX_REMOVE = 5000;

/** The argument as a plain object holding only `allowed` fields, with `profileId` (and `guidelineId` when asked) checked. */
function record(raw: unknown, allowed: readonly string[], withGuideline: boolean): Result<Fields> {
  const ids = ['profileId', ...(withGuideline ? ['guidelineId'] : [])];
  const fields = fieldsOf(raw, [...ids, ...allowed]);
  if (!fields.ok) return fields;
  const blank = ids.find((name) => !isNonBlankText(fields.value[name], MAX_ID_CHARS));
  return blank === undefined ? fields : invalid(`"${blank}" must be a non-empty string.`);
}

export function validateLibraryRequest(raw: unknown): Result<LibraryRequest> {
  const fields = record(raw, [], false);
  return fields.ok ? ok({ profileId: fields.value['profileId'] as string }) : fields;
}

export function validateLibraryRef(raw: unknown): Result<LibraryGuidelineRef> {
  const fields = record(raw, [], true);
  return fields.ok ? ok({ profileId: fields.value['profileId'] as string, guidelineId: fields.value['guidelineId'] as string }) : fields;
}

export function validateLibraryAdd(raw: unknown): Result<LibraryAddRequest> {
  const fields = record(raw, ['text'], false);
  if (!fields.ok) return fields;
  const { profileId, text } = fields.value;
  if (!isText(text, MAX_PASTE_CHARS)) return invalid(`"text" must be a string of at most ${MAX_PASTE_CHARS} characters.`);
  return ok({ profileId: profileId as string, text });
}

export function validateLibraryRemove(raw: unknown): Result<LibraryRemoveRequest> {
  const fields = record(raw, ['guidelineIds'], false);
  if (!fields.ok) return fields;
  const { profileId, guidelineIds } = fields.value;
  if (!Array.isArray(guidelineIds) || guidelineIds.length > MAX_REMOVE || !guidelineIds.every((id) => isText(id, MAX_ID_CHARS))) {
    return invalid(`"guidelineIds" must be a list of at most ${MAX_REMOVE} ids.`);
  }
  return ok({ profileId: profileId as string, guidelineIds: [...(guidelineIds as string[])] });
}

export function validateLibraryPin(raw: unknown): Result<LibraryPinRequest> {
  const fields = record(raw, ['pinned'], true);
  if (!fields.ok) return fields;
  const { profileId, guidelineId, pinned } = fields.value;
  if (typeof pinned !== 'boolean') return invalid('"pinned" must be true or false.');
  return ok({ profileId: profileId as string, guidelineId: guidelineId as string, pinned });
}

export function validateLibraryLabels(raw: unknown): Result<LibraryLabelsRequest> {
  const fields = record(raw, ['title', 'tags'], true);
  if (!fields.ok) return fields;
  const { profileId, guidelineId, title, tags } = fields.value;
  if (!isText(title, MAX_TITLE_CHARS)) return invalid(`"title" must be a string of at most ${MAX_TITLE_CHARS} characters.`);
  if (!Array.isArray(tags) || tags.length > MAX_TAGS || !tags.every((tag) => isText(tag, MAX_TAG_CHARS))) {
    return invalid(`"tags" must be a list of at most ${MAX_TAGS} tags of at most ${MAX_TAG_CHARS} characters.`);
  }
  return ok({ profileId: profileId as string, guidelineId: guidelineId as string, title, tags: [...(tags as string[])] });
}

export function validateLibrarySearch(raw: unknown): Result<LibrarySearchRequest> {
  const fields = record(raw, ['text', 'limit'], false);
  if (!fields.ok) return fields;
  const { profileId, text, limit } = fields.value;
  if (!isText(text, MAX_SEARCH_CHARS)) return invalid(`"text" must be a string of at most ${MAX_SEARCH_CHARS} characters.`);
  if (limit !== undefined && !isIntegerIn(limit, 1, MAX_SEARCH_HITS)) return invalid(`"limit" must be from 1 to ${MAX_SEARCH_HITS}.`);
  return ok({ profileId: profileId as string, text, ...definedOnly({ limit }) });
}

export function validateVersionRequest(raw: unknown): Result<GuidelineVersionRequest> {
  const fields = record(raw, ['version'], true);
  if (!fields.ok) return fields;
  const { profileId, guidelineId, version } = fields.value;
  if (version !== undefined && !isRowId(version)) return invalid('"version" must be a version number (1, 2, …).');
  return ok({ profileId: profileId as string, guidelineId: guidelineId as string, ...definedOnly({ version }) });
}
