import {
  CHECKLIST_LIMITS,
  type ChecklistItem,
  type EntryChecklistsRequest,
  type Result,
  type SaveEntryChecklistRequest,
} from '../../shared/api';
import { fieldsOf, invalid, isIntegerIn, isNonBlankText, isRowId, isText, ok, type Fields } from '../../shared/check';

/**
 * Argument validators of the checklist methods (validate.ts holds them in its record). The page
 * is untrusted as any caller: every field is checked, bounded, and an unknown one refused.
 */

/** The argument (or an item) with exactly the `allowed` fields: none unknown, none left out. */
function plainObject(raw: unknown, allowed: readonly string[], what: string): Result<Fields> {
  const fields = fieldsOf(raw, allowed, {
    notObject: `${what} must be an object.`,
    unknown: (name) => `"${name}" is not a field of ${what.toLowerCase()}.`,
  });
  if (!fields.ok) return fields;
  const missing = allowed.find((key) => !(key in fields.value));
  return missing !== undefined ? invalid(`${what} lacks "${missing}".`) : fields;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const HASH = /^[0-9a-f]{64}$/;
const MARKS = new Set(['pass', 'fail', 'n/a']);
const BY = new Set(['person', 'judge']);
const ITEM_FIELDS = ['section', 'text', 'depth', 'mark', 'comment'] as const;

export function validateEntryChecklists(raw: unknown): Result<EntryChecklistsRequest> {
  const fields = plainObject(raw, ['entryId'], 'The argument');
  if (!fields.ok) return fields;
  return isRowId(fields.value['entryId'])
    ? ok({ entryId: fields.value['entryId'] })
    : invalid('"entryId" must be a history entry id (a positive whole number).');
}

function validateItem(raw: unknown, index: number): Result<ChecklistItem> {
  // `by` may be left out (a page from before judges): the mark is then the person's.
  const withBy = typeof raw === 'object' && raw !== null && 'by' in raw;
  const fields = plainObject(raw, withBy ? [...ITEM_FIELDS, 'by'] : ITEM_FIELDS, `Item ${index + 1}`);
  if (!fields.ok) return fields;
  const { section, text: ruleText, depth, mark, comment, by = 'person' } = fields.value;
  if (!isText(section, CHECKLIST_LIMITS.text) || !isText(ruleText, CHECKLIST_LIMITS.text) || ruleText === '')
    return invalid(
      `Item ${index + 1}: "section" and "text" must be text of at most ${CHECKLIST_LIMITS.text} characters, "text" not empty.`,
    );
  if (!isIntegerIn(depth, 0, 20)) return invalid(`Item ${index + 1}: "depth" must be a whole number from 0 to 20.`);
  if (mark !== null && !MARKS.has(mark as string)) return invalid(`Item ${index + 1}: "mark" must be "pass", "fail", "n/a" or null.`);
  if (!isText(comment, CHECKLIST_LIMITS.comment))
    return invalid(`Item ${index + 1}: "comment" must be text of at most ${CHECKLIST_LIMITS.comment} characters.`);
  if (!BY.has(by as string)) return invalid(`Item ${index + 1}: "by" must be "person" or "judge".`);
  if (by === 'judge' && mark === null)
    return invalid(`Item ${index + 1}: "by" is "judge" only on a mark a judge gave, and "mark" is null.`);
  return ok({ section, text: ruleText, depth, mark: mark as ChecklistItem['mark'], comment, by: by as ChecklistItem['by'] });
}

export function validateSaveEntryChecklist(raw: unknown): Result<SaveEntryChecklistRequest> {
  const fields = plainObject(raw, ['entryId', 'guidelineId', 'guidelineName', 'versionHash', 'fetchedAt', 'items'], 'The argument');
  if (!fields.ok) return fields;
  const { entryId, guidelineId, guidelineName, versionHash, fetchedAt, items } = fields.value;
  if (!isRowId(entryId)) return invalid('"entryId" must be a history entry id (a positive whole number).');
  if (!isNonBlankText(guidelineId, 1024)) return invalid('"guidelineId" must be a guideline id.');
  if (!isText(guidelineName, CHECKLIST_LIMITS.name))
    return invalid(`"guidelineName" must be text of at most ${CHECKLIST_LIMITS.name} characters.`);
  if (typeof versionHash !== 'string' || !HASH.test(versionHash))
    return invalid('"versionHash" must be a SHA-256 in hex, as the library gives it.');
  if (typeof fetchedAt !== 'string' || !ISO.test(fetchedAt) || Number.isNaN(Date.parse(fetchedAt)))
    return invalid('"fetchedAt" must be a time in ISO 8601 (UTC).');
  if (!Array.isArray(items) || items.length === 0 || items.length > CHECKLIST_LIMITS.items)
    return invalid(`"items" must be a list of 1 to ${CHECKLIST_LIMITS.items} rules.`);
  const checked: ChecklistItem[] = [];
  for (const [index, item] of items.entries()) {
    const one = validateItem(item, index);
    if (!one.ok) return one;
    checked.push(one.value);
  }
  return ok({ entryId, guidelineId, guidelineName, versionHash, fetchedAt, items: checked });
}
