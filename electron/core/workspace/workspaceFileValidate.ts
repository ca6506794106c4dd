import {
  IMPORT_CHOICES,
  type ImportChoice,
  type Result,
  type WorkspaceImportDecision,
  type WorkspaceImportRequest,
} from '../../shared/api';
import { definedOnly, fieldsOf, invalid, isPlainObject, isText, ok } from '../../shared/check';

/**
 * The argument of the workspace import methods, narrowed from IPC or HTTP (validate.ts holds it
 * in its record). Only its shape is checked here; the file's text itself is read, item by item,
 * by workspaceFileRead.ts, which says what is wrong with it in words (too large, not JSON…).
 */

/** Bounds what crosses the boundary; the file's own limit (5 MB) is told by the service, with its reason. */
const MAX_CONTENT_CHARS = 16 * 1024 * 1024;
const MAX_DECISIONS = 20_000;
const MAX_KEY_CHARS = 4096;

const isChoice = (value: unknown): value is ImportChoice => IMPORT_CHOICES.includes(value as ImportChoice);

/** `{ content, decisions?, forAll? }`; an unknown field is refused. */
export function validateWorkspaceImportRequest(raw: unknown): Result<WorkspaceImportRequest> {
  const fields = fieldsOf(raw, ['content', 'decisions', 'forAll'], { unknown: (name) => `"${name}" is not part of an import request.` });
  if (!fields.ok) return fields;
  const { content, decisions, forAll } = fields.value;
  if (typeof content !== 'string') return invalid('"content" must be the file\'s text.');
  if (content.length > MAX_CONTENT_CHARS) return invalid('"content" is larger than 16 MB.');
  if (forAll !== undefined && !isChoice(forAll)) return invalid('"forAll" must be replace, keepBoth or skip.');
  const request: WorkspaceImportRequest = { content, ...definedOnly({ forAll }) };
  if (decisions === undefined) return ok(request);
  if (!Array.isArray(decisions) || decisions.length > MAX_DECISIONS)
    return invalid(`"decisions" must be a list of at most ${MAX_DECISIONS}.`);
  const narrowed: WorkspaceImportDecision[] = [];
  for (const decision of decisions as unknown[]) {
    if (!isPlainObject(decision) || Object.keys(decision).some((key) => key !== 'key' && key !== 'choice'))
      return invalid('Each decision must be { key, choice }.');
    const { key, choice } = decision;
    if (!isText(key, MAX_KEY_CHARS)) return invalid('A decision\'s "key" must be a string.');
    if (!isChoice(choice)) return invalid('A decision\'s "choice" must be replace, keepBoth or skip.');
    narrowed.push({ key, choice });
  }
  return ok({ ...request, decisions: narrowed });
}
