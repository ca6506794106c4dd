import type {
  CompareRunsRequest,
  ExportRunRequest,
  ListRunsRequest,
  Result,
  RunDataPiece,
  RunDataRef,
  RunDataStart,
  RunExportFormat,
  RunRef,
  RunResultRef,
  RunMatrixQuery,
  RunRulesQuery,
  RunResultsQuery,
  StartRunRequest,
} from '../../shared/api';
import { definedOnly, fieldsOf, invalid, isIntegerIn, isJsonValue, isNonBlankText, isText, ok, type Fields } from '../../shared/check';
import { DATA_FILE_NAME } from './dataFile';
import { MAX_RESULTS_PAGE } from './runStore';
import { MAX_DATA_PIECE_CHARS, RUN_LIMITS } from '../../shared/runs/runLimits';

/**
 * Argument validators of the run methods (validate.ts holds them in its record). Every field is
 * checked, every limit enforced here, in the host, and an unknown field refused: the runner
 * trusts what passes (a concurrency of 10,000 or a rate of 0 never reaches it).
 */

const MAX_ID_CHARS = 1024;
const MAX_RUN_ID_CHARS = 100;
const MAX_FILE_NAME_CHARS = 200;
/** A suite is a hand-written file; 5 MB of JSON is far beyond one. */
const MAX_SUITE_JSON_CHARS = 5 * 1024 * 1024;
const MAX_LIST = 1000;
const FORMATS: readonly RunExportFormat[] = ['junit', 'json', 'csv', 'html'];

/** The argument as a plain object with only `required` and `optional` fields and every `required` one. */
function record(raw: unknown, required: readonly string[], optional: readonly string[] = []): Result<Fields> {
  const fields = fieldsOf(raw, [...required, ...optional]);
  if (!fields.ok) return fields;
  const missing = required.find((key) => fields.value[key] === undefined);
  return missing === undefined ? fields : invalid(`"${missing}" is missing.`);
}

/** A plain file name to show (no folder, no control character): the suite's or the data file's. */
function isFileName(value: unknown): value is string {
  return isNonBlankText(value, MAX_FILE_NAME_CHARS) && !/[\\/\p{Cc}\p{Cf}]/u.test(value);
}

function runId(fields: Fields, name = 'runId'): Result<string> {
  const value = fields[name];
  return isNonBlankText(value, MAX_RUN_ID_CHARS) ? ok(value) : invalid(`"${name}" must be a run's id.`);
}

/** An upload's id as beginRunData gives it. */
const isUploadId = (value: unknown): value is string => isNonBlankText(value, MAX_RUN_ID_CHARS);

/** A data file's name: a plain file name the runner reads (.csv, .jsonl or .json). */
function dataName(value: unknown, field: string): Result<string> {
  return isFileName(value) && DATA_FILE_NAME.test(value)
    ? ok(value)
    : invalid(`"${field}" must be a file name ending in .csv, .jsonl or .json.`);
}

function dataFile(value: unknown): Result<RunDataRef | null> {
  if (value === null) return ok(null);
  const fields = record(value, ['name', 'uploadId']);
  if (!fields.ok) return invalid('"data" must be null or { name, uploadId } (the data file sent with beginRunData and appendRunData).');
  const { name, uploadId } = fields.value;
  const checked = dataName(name, 'data.name');
  if (!checked.ok) return checked;
  if (!isUploadId(uploadId)) return invalid('"data.uploadId" must be the id beginRunData answered.');
  return ok({ name: checked.value, uploadId });
}

export function validateBeginRunData(raw: unknown): Result<RunDataStart> {
  const fields = record(raw, ['name']);
  if (!fields.ok) return fields;
  const name = dataName(fields.value['name'], 'name');
  return name.ok ? ok({ name: name.value }) : name;
}

export function validateAppendRunData(raw: unknown): Result<RunDataPiece> {
  const fields = record(raw, ['uploadId', 'text']);
  if (!fields.ok) return fields;
  const { uploadId, text } = fields.value;
  if (!isUploadId(uploadId)) return invalid('"uploadId" must be the id beginRunData answered.');
  if (!isText(text, MAX_DATA_PIECE_CHARS))
    return invalid(`"text" must be a piece of the data file of at most ${MAX_DATA_PIECE_CHARS.toLocaleString('en-US')} characters.`);
  return ok({ uploadId, text });
}

export function validateStartRun(raw: unknown): Result<StartRunRequest> {
  const fields = record(raw, ['profileId', 'suite', 'suiteFile', 'data'], ['concurrency', 'ratePerSecond', 'on429', 'iterations', 'kind']);
  if (!fields.ok) return fields;
  const { profileId, suite, suiteFile, concurrency, ratePerSecond, on429, iterations, kind } = fields.value;
  if (!isNonBlankText(profileId, MAX_ID_CHARS)) return invalid('"profileId" must be a non-empty string.');
  if (!isJsonValue(suite)) return invalid('"suite" must be JSON data (as parsed from the suite file).');
  if (JSON.stringify(suite).length > MAX_SUITE_JSON_CHARS) return invalid('"suite" is larger than 5 MB.');
  if (!isFileName(suiteFile)) return invalid('"suiteFile" must be a plain file name.');
  const data = dataFile(fields.value['data']);
  if (!data.ok) return data;
  const { concurrency: c, ratePerSecond: r, iterations: n } = RUN_LIMITS;
  if (concurrency !== undefined && !isIntegerIn(concurrency, c.min, c.max))
    return invalid(`"concurrency" must be a whole number from ${c.min} to ${c.max}.`);
  if (
    ratePerSecond !== undefined &&
    ratePerSecond !== null &&
    !(typeof ratePerSecond === 'number' && ratePerSecond >= r.min && ratePerSecond <= r.max)
  ) {
    return invalid(`"ratePerSecond" must be null or a number from ${r.min} to ${r.max}.`);
  }
  if (on429 !== undefined && on429 !== 'wait' && on429 !== 'fail') return invalid('"on429" must be "wait" or "fail".');
  if (iterations !== undefined && !isIntegerIn(iterations, n.min, n.max))
    return invalid(`"iterations" must be a whole number from ${n.min} to ${n.max.toLocaleString('en-US')}.`);
  if (kind !== undefined && kind !== 'suite' && kind !== 'repeat') return invalid('"kind" must be "suite" or "repeat".');
  return ok({ profileId, suite, suiteFile, data: data.value, ...definedOnly({ concurrency, ratePerSecond, on429, iterations, kind }) });
}

export function validateRunRef(raw: unknown): Result<RunRef> {
  const fields = record(raw, ['runId']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  return id.ok ? ok({ runId: id.value }) : id;
}

export function validateListRuns(raw: unknown): Result<ListRunsRequest> {
  const fields = record(raw, [], ['kind', 'suiteName', 'limit']);
  if (!fields.ok) return fields;
  const { kind, suiteName, limit } = fields.value;
  if (kind !== undefined && kind !== 'suite' && kind !== 'repeat') return invalid('"kind" must be "suite" or "repeat".');
  if (suiteName !== undefined && !isText(suiteName, MAX_ID_CHARS)) return invalid('"suiteName" must be a string.');
  if (limit !== undefined && !isIntegerIn(limit, 1, MAX_LIST)) return invalid(`"limit" must be a whole number from 1 to ${MAX_LIST}.`);
  return ok(definedOnly({ kind, suiteName, limit }));
}

export function validateRunResults(raw: unknown): Result<RunResultsQuery> {
  const fields = record(raw, ['runId', 'offset', 'limit'], ['failuresOnly']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  if (!id.ok) return id;
  const { offset, limit, failuresOnly } = fields.value;
  if (!isIntegerIn(offset, 0, Number.MAX_SAFE_INTEGER)) return invalid('"offset" must be a whole number, 0 or more.');
  if (!isIntegerIn(limit, 1, MAX_RESULTS_PAGE)) return invalid(`"limit" must be a whole number from 1 to ${MAX_RESULTS_PAGE}.`);
  if (failuresOnly !== undefined && typeof failuresOnly !== 'boolean') return invalid('"failuresOnly" must be true or false.');
  return ok({ runId: id.value, offset, limit, ...definedOnly({ failuresOnly }) });
}

export function validateRunResultRef(raw: unknown): Result<RunResultRef> {
  const fields = record(raw, ['runId', 'index']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  if (!id.ok) return id;
  const { index } = fields.value;
  return isIntegerIn(index, 0, Number.MAX_SAFE_INTEGER)
    ? ok({ runId: id.value, index })
    : invalid('"index" must be a whole number, 0 or more.');
}

/** An optional page size: a whole number from 1 to MAX_RESULTS_PAGE. */
function pageLimit(limit: unknown): Result<number | undefined> {
  return limit === undefined || isIntegerIn(limit, 1, MAX_RESULTS_PAGE)
    ? ok(limit)
    : invalid(`"limit" must be a whole number from 1 to ${MAX_RESULTS_PAGE}.`);
}

export function validateRunMatrix(raw: unknown): Result<RunMatrixQuery> {
  const fields = record(raw, ['runId'], ['offset', 'limit']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  if (!id.ok) return id;
  const { offset } = fields.value;
  if (offset !== undefined && !isIntegerIn(offset, 0, Number.MAX_SAFE_INTEGER))
    return invalid('"offset" must be a whole number, 0 or more.');
  const limit = pageLimit(fields.value['limit']);
  if (!limit.ok) return limit;
  return ok({ runId: id.value, ...definedOnly({ offset, limit: limit.value }) });
}

export function validateRunRules(raw: unknown): Result<RunRulesQuery> {
  const fields = record(raw, ['runId'], ['guidelineId', 'offset', 'limit']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  if (!id.ok) return id;
  const { guidelineId, offset, limit } = fields.value;
  if (guidelineId !== undefined && !isNonBlankText(guidelineId, MAX_ID_CHARS)) return invalid('"guidelineId" must be a non-empty string.');
  if (offset !== undefined && !isIntegerIn(offset, 0, Number.MAX_SAFE_INTEGER))
    return invalid('"offset" must be a whole number, 0 or more.');
  // 0 lines is allowed here: the guidelines alone (whether the run has a rules view at all).
  if (limit !== undefined && !isIntegerIn(limit, 0, MAX_RESULTS_PAGE))
    return invalid(`"limit" must be a whole number from 0 to ${MAX_RESULTS_PAGE}.`);
  return ok({ runId: id.value, ...definedOnly({ guidelineId, offset, limit }) } as RunRulesQuery);
}

export function validateCompareRuns(raw: unknown): Result<CompareRunsRequest> {
  const fields = record(raw, ['before', 'after'], ['limit']);
  if (!fields.ok) return fields;
  const before = runId(fields.value, 'before');
  if (!before.ok) return before;
  const after = runId(fields.value, 'after');
  if (!after.ok) return after;
  const limit = pageLimit(fields.value['limit']);
  if (!limit.ok) return limit;
  return ok({ before: before.value, after: after.value, ...definedOnly({ limit: limit.value }) });
}

export function validateExportRun(raw: unknown): Result<ExportRunRequest> {
  const fields = record(raw, ['runId', 'format']);
  if (!fields.ok) return fields;
  const id = runId(fields.value);
  if (!id.ok) return id;
  const format = fields.value['format'];
  return FORMATS.includes(format as RunExportFormat)
    ? ok({ runId: id.value, format: format as RunExportFormat })
    : invalid(`"format" must be one of ${FORMATS.join(', ')}.`);
}
