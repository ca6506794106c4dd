import { definedOnly, invalid, isJsonValue, isPlainObject, isText, objectArgument, ok, unknownField, type Fields } from '../shared/check';
import { parseSuiteDraftSave } from './runs/suiteDraftDocument';
import { parseExportTicket } from './reports/runs/exportTickets';
import {
  isMethodName,
  isShellMethod,
  type Api,
  type ApiArgument,
  type AppError,
  type AppSettings,
  type CatalogAgentInput,
  type JsonObject,
  type ProfileSecretRef,
  type Result,
  type SavedFileMediaType,
  type SaveTextFileRequest,
  type Shell,
  type MethodName,
  SAVED_FILE_TYPES,
} from '../shared/api';
import {
  validateClearHistory,
  validateDeleteHistory,
  validateHistoryEntryRef,
  validateHistoryQuery,
  validateHistoryReport,
  validateHistorySearch,
  validateLastResponses,
  validatePinHistory,
} from './history/historyValidate';
import { checkHistoryRetention, checkJudgeAgents } from './workspace/appStores';
import {
  validateLibraryAdd,
  validateLibraryLabels,
  validateLibraryPin,
  validateLibraryRef,
  validateLibraryRemove,
  validateLibraryRequest,
  validateLibrarySearch,
  validateVersionRequest,
} from './library/libraryValidate';
import { validateEntryChecklists, validateSaveEntryChecklist } from './checklists/checklistValidate';
import { isProfileInputShape } from './profiles/profileInput';
import { parseWorkspaceChanges } from './workspace/workspaceMerge';
import { parseGuidelineTabsChanges } from './workspace/guidelineTabs';
import { validateWorkspaceImportRequest } from './workspace/workspaceFileValidate';
import {
  validateCompareRuns,
  validateRunMatrix,
  validateRunRules,
  validateExportRun,
  validateListRuns,
  validateRunRef,
  validateRunResultRef,
  validateRunResults,
  validateStartRun,
  validateBeginRunData,
  validateAppendRunData,
} from './runs/runValidate';

/**
 * Argument validation for every contract method. Arguments arrive from IPC or HTTP as
 * `unknown` and are narrowed here, in the host, before anything acts on them: the renderer
 * is not trusted to send what its types say. The record is keyed by every method of the
 * contract's method table (the Api's and the Shell's), so a new method does not compile until
 * it has a validator.
 */

type Validator<T> = (raw: unknown) => Result<T>;

const MAX_ID_CHARS = 1024;
/** Generous: the service trims and checks the key; this only bounds what crosses the boundary. */
const MAX_KEY_CHARS = 64 * 1024;
const MAX_TEXT_CHARS = 5 * 1024 * 1024;
const MAX_PAYLOAD_JSON_CHARS = 5 * 1024 * 1024;
/** A find-in-page query is typed by hand; Chromium needs no more. */
const MAX_FIND_CHARS = 1000;

function noArgument(raw: unknown): Result<undefined> {
  return raw === undefined || raw === null ? ok(undefined) : invalid('This method takes no argument.');
}

function stringField(record: Fields, field: string, maxChars: number): Result<string> {
  const value = record[field];
  if (typeof value !== 'string') return invalid(`"${field}" must be a string.`);
  if (value.length > maxChars) return invalid(`"${field}" is longer than ${maxChars} characters.`);
  return ok(value);
}

/** The largest file the app saves through a dialog (a report of many long answers still fits). */
const MAX_SAVED_TEXT_CHARS = 64 * 1024 * 1024;
const MAX_FILE_NAME_CHARS = 200;

/**
 * A file to save: a plain file name (no folder, no path tricks: the dialog chooses the folder),
 * text content within the limit or the ticket of a file the host holds, and one of the known kinds.
 */
function validateSaveTextFile(raw: unknown): Result<SaveTextFileRequest> {
  return objectArgument(raw, (record) => {
    const unknown = unknownField(record, ['suggestedName', 'content', 'ticket', 'mediaType']);
    if (unknown !== undefined) return invalid(`"${unknown}" is not a field of this request.`);
    const name = stringField(record, 'suggestedName', MAX_FILE_NAME_CHARS);
    if (!name.ok) return name;
    const mediaType = record['mediaType'];
    if (typeof mediaType !== 'string' || !Object.hasOwn(SAVED_FILE_TYPES, mediaType)) {
      return invalid(`"mediaType" must be one of ${Object.keys(SAVED_FILE_TYPES).join(', ')}.`);
    }
    const nameProblem = fileNameProblem(name.value, SAVED_FILE_TYPES[mediaType as SavedFileMediaType].extension);
    if (nameProblem) return invalid(`"suggestedName" ${nameProblem}`);
    const file = { suggestedName: name.value, mediaType: mediaType as SavedFileMediaType };
    if (Object.hasOwn(record, 'ticket')) {
      if (Object.hasOwn(record, 'content')) return invalid('Give "content" or "ticket", not both.');
      const ticket = parseExportTicket(record['ticket']);
      return ticket.ok ? ok({ ...file, ticket: ticket.value }) : ticket;
    }
    const content = stringField(record, 'content', MAX_SAVED_TEXT_CHARS);
    if (!content.ok) return content;
    return ok({ ...file, content: content.value });
  });
}

/** Names Windows takes for devices, with any extension (CON.html opens the console, not a file). */
// ¹²³ (superscript digits) as escapes: the bundles stay ASCII only, which Node reads faster.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;

/**
 * Why a suggested file name cannot be offered, or null. The person sees it in the save dialog
 * and accepts it, so it must be what it looks like: no folder, no character a file name cannot
 * hold, no control or invisible format character (a right-to-left override, U+202E,
 * makes "report<U+202E>lmth.exe" show as "reportexe.html"), the extension of the kind of file the content is,
 * and none of the names Windows treats specially (a device, a trailing dot or space it drops).
 */
function fileNameProblem(name: string, extension: string): string | null {
  const unsafe = [...name].some((char) => '\\/:*?"<>|'.includes(char) || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char));
  if (name.trim() === '' || unsafe || name.startsWith('.'))
    return 'must be a plain file name, with no folder and no characters a file name cannot hold.';
  if (/[. ]$/.test(name) || WINDOWS_DEVICE.test(name))
    return 'must be a name every system keeps as it is (no trailing dot or space, no device name).';
  if (!name.toLowerCase().endsWith(`.${extension}`)) return `must end in .${extension}, the kind of file it is.`;
  return null;
}

function profileSecretRef(record: Fields): Result<ProfileSecretRef> {
  const profileId = stringField(record, 'profileId', MAX_ID_CHARS);
  if (!profileId.ok) return profileId;
  const name = record['name'];
  if (name !== 'proxyPassword' && name !== 'certPassphrase') return invalid('"name" must be proxyPassword or certPassphrase.');
  return ok({ profileId: profileId.value, name });
}

/** The validator of an argument that is one id: `{ [field]: string }`. */
function idArgument<K extends string>(field: K): Validator<Record<K, string>> {
  return (raw) =>
    objectArgument(raw, (record) => {
      const id = stringField(record, field, MAX_ID_CHARS);
      return id.ok ? ok({ [field]: id.value } as Record<K, string>) : id;
    });
}

const profileRef = idArgument('profileId');

/**
 * The optional `profileId` a request names (the profile it was composed for): absent, or a
 * string. Returned as a spread, so an absent one stays absent.
 */
function optionalProfileId(record: Fields): Result<{ profileId?: string }> {
  if (record['profileId'] === undefined) return ok({});
  const profileId = stringField(record, 'profileId', MAX_ID_CHARS);
  return profileId.ok ? ok({ profileId: profileId.value }) : profileId;
}

export const ARGUMENT_VALIDATORS: { [M in MethodName]: Validator<ApiArgument<M>> } = {
  getAppInfo: noArgument,
  getStartup: noArgument,
  listProfiles: noArgument,
  listKnownAgents: noArgument,
  listKnownGuidelines: noArgument,
  selectProfile: profileRef,
  createProfile: (raw) => (isProfileInputShape(raw) ? ok(raw) : invalid('The profile is not in the expected shape.')),
  updateProfile: (raw) =>
    objectArgument(raw, (record) => {
      const profileId = stringField(record, 'profileId', MAX_ID_CHARS);
      if (!profileId.ok) return profileId;
      const profile = record['profile'];
      return isProfileInputShape(profile)
        ? ok({ profileId: profileId.value, profile })
        : invalid('The profile is not in the expected shape.');
    }),
  duplicateProfile: profileRef,
  deleteProfile: profileRef,
  clearProfileKey: profileRef,
  setProfileKey: (raw) =>
    objectArgument(raw, (record) => {
      const profileId = stringField(record, 'profileId', MAX_ID_CHARS);
      if (!profileId.ok) return profileId;
      const key = stringField(record, 'key', MAX_KEY_CHARS);
      if (!key.ok) return key;
      if (record['forBaseUrl'] === undefined) return ok({ profileId: profileId.value, key: key.value });
      const forBaseUrl = stringField(record, 'forBaseUrl', 4096);
      return forBaseUrl.ok ? ok({ profileId: profileId.value, key: key.value, forBaseUrl: forBaseUrl.value }) : forBaseUrl;
    }),
  setProfileSecret: (raw) =>
    objectArgument(raw, (record) => {
      const ref = profileSecretRef(record);
      if (!ref.ok) return ref;
      const value = stringField(record, 'value', MAX_KEY_CHARS);
      return value.ok ? ok({ ...ref.value, value: value.value }) : value;
    }),
  clearProfileSecret: (raw) => objectArgument(raw, profileSecretRef),
  detectKeyPresentation: (raw) =>
    objectArgument(raw, (record) => {
      const profileId = stringField(record, 'profileId', MAX_ID_CHARS);
      if (!profileId.ok) return profileId;
      const guidelineId = stringField(record, 'guidelineId', MAX_ID_CHARS);
      return guidelineId.ok ? ok({ profileId: profileId.value, guidelineId: guidelineId.value }) : guidelineId;
    }),
  cancelRequest: idArgument('requestId'),
  saveResponseToFile: (raw) =>
    objectArgument(raw, (record) => {
      const kind = record['kind'];
      if (kind === 'invoke') {
        const request = ARGUMENT_VALIDATORS.invokeAgent(record['request']);
        return request.ok ? ok({ kind, request: request.value }) : request;
      }
      if (kind === 'guideline') {
        const request = ARGUMENT_VALIDATORS.getGuideline(record['request']);
        return request.ok ? ok({ kind, request: request.value }) : request;
      }
      return invalid('"kind" must be "invoke" or "guideline".');
    }),
  getSettings: noArgument,
  updateSettings: (raw) =>
    objectArgument(raw, (record) => {
      const names = ['maxResponseBytes', 'maxSavedFileBytes', 'maxRunRequests'] as const;
      const others = ['historyRetention', 'judgeAgents'];
      if (Object.keys(record).some((key) => !(names as readonly string[]).includes(key) && !others.includes(key))) {
        return invalid('Only maxResponseBytes, maxSavedFileBytes, maxRunRequests, historyRetention and judgeAgents can be set.');
      }
      const patch: Partial<AppSettings> = {};
      for (const name of names) {
        const value = record[name];
        if (value !== undefined && typeof value !== 'number') return invalid(`"${name}" must be a number.`);
        if (value !== undefined) patch[name] = value;
      }
      if (record['historyRetention'] !== undefined) {
        const retention = checkHistoryRetention(record['historyRetention']);
        if (!retention.ok) return retention;
        patch.historyRetention = retention.value;
      }
      if (record['judgeAgents'] !== undefined) {
        const judges = checkJudgeAgents(record['judgeAgents']);
        if (!judges.ok) return judges;
        patch.judgeAgents = judges.value;
      }
      return ok(patch);
    }),
  loadWorkspace: noArgument,
  // A page's changes, checked field by field (base revision, writer id, tabs, closed ids, active
  // tab); the service checks them again before merging, and answers with a Result either way.
  saveWorkspace: (raw) => objectArgument(raw, (record) => parseWorkspaceChanges(record)),
  listCatalog: noArgument,
  saveCatalogAgent: (raw) => objectArgument(raw, (record) => ok(record as unknown as CatalogAgentInput)),
  deleteCatalogAgent: idArgument('agentId'),
  findInPage: (raw) =>
    objectArgument(raw, (record) => {
      const text = stringField(record, 'text', MAX_FIND_CHARS);
      if (!text.ok) return text;
      if (text.value === '') return invalid('"text" must not be empty.');
      const { forward, newSearch } = record;
      if (typeof forward !== 'boolean' || typeof newSearch !== 'boolean')
        return invalid('"forward" and "newSearch" must be true or false.');
      return ok({ text: text.value, forward, newSearch });
    }),
  stopFindInPage: noArgument,
  saveTextFile: validateSaveTextFile,
  listHistory: validateHistoryQuery,
  getHistoryEntry: validateHistoryEntryRef,
  searchHistory: validateHistorySearch,
  lastResponses: validateLastResponses,
  buildHistoryReport: validateHistoryReport,
  exportWorkspaceFile: noArgument,
  previewWorkspaceImport: validateWorkspaceImportRequest,
  applyWorkspaceImport: validateWorkspaceImportRequest,
  pinHistoryEntry: validatePinHistory,
  deleteHistoryEntries: validateDeleteHistory,
  clearHistory: validateClearHistory,
  countHistory: noArgument,
  listGuidelineLibrary: validateLibraryRequest,
  addToGuidelineLibrary: validateLibraryAdd,
  removeFromGuidelineLibrary: validateLibraryRemove,
  pinLibraryGuideline: validateLibraryPin,
  setLibraryGuidelineLabels: validateLibraryLabels,
  searchGuidelineLibrary: validateLibrarySearch,
  listGuidelineVersions: validateLibraryRef,
  getGuidelineVersion: validateVersionRequest,
  markGuidelineRead: validateLibraryRef,
  listEntryChecklists: validateEntryChecklists,
  saveEntryChecklist: validateSaveEntryChecklist,
  loadGuidelineTabs: noArgument,
  // Checked field by field (each tab a { profileId, guidelineId }); the service checks again before merging.
  saveGuidelineTabs: (raw) => objectArgument(raw, (record) => parseGuidelineTabsChanges(record)),
  getGuideline: (raw) =>
    objectArgument(raw, (record) => {
      const guidelineId = stringField(record, 'guidelineId', MAX_ID_CHARS);
      if (!guidelineId.ok) return guidelineId;
      const profileId = optionalProfileId(record);
      if (!profileId.ok) return profileId;
      if (record['record'] !== undefined && typeof record['record'] !== 'boolean') return invalid('"record" must be true or false.');
      return ok({ guidelineId: guidelineId.value, ...profileId.value, ...(record['record'] === false ? { record: false } : {}) });
    }),
  invokeAgent: (raw) =>
    objectArgument(raw, (record) => {
      const agentId = stringField(record, 'agentId', MAX_ID_CHARS);
      if (!agentId.ok) return agentId;
      const text = stringField(record, 'text', MAX_TEXT_CHARS);
      if (!text.ok) return text;
      const payload = record['payload'];
      if (!isPlainObject(payload)) return invalid('"payload" must be a JSON object.');
      if (!isJsonValue(payload, 0)) return invalid('"payload" must hold only JSON values (no undefined, NaN or functions).');
      if (JSON.stringify(payload).length > MAX_PAYLOAD_JSON_CHARS) return invalid('"payload" is larger than 5 MB.');
      const { requestId, tabId } = record;
      if (requestId !== undefined && !isText(requestId, MAX_ID_CHARS)) return invalid('"requestId" must be a string.');
      const profileId = optionalProfileId(record);
      if (!profileId.ok) return profileId;
      if (tabId !== undefined && !isText(tabId, MAX_ID_CHARS)) return invalid('"tabId" must be a string.');
      return ok({
        agentId: agentId.value,
        text: text.value,
        payload: payload as JsonObject,
        ...definedOnly({ requestId, tabId }),
        ...profileId.value,
      });
    }),
  startRun: validateStartRun,
  beginRunData: validateBeginRunData,
  appendRunData: validateAppendRunData,
  cancelRun: validateRunRef,
  listRuns: validateListRuns,
  getRun: validateRunRef,
  listRunResults: validateRunResults,
  getRunResult: validateRunResultRef,
  getRunLatency: validateRunRef,
  getRunMatrix: validateRunMatrix,
  getRunRules: validateRunRules,
  compareRuns: validateCompareRuns,
  deleteRun: validateRunRef,
  exportRun: validateExportRun,
  openSuiteFile: noArgument,
  loadSuiteDraft: noArgument,
  saveSuiteDraft: parseSuiteDraftSave,
};

/**
 * Validates and calls one method: the Api's on `api`, the Shell's on `shell`. A host without a
 * window (browser mode) gives no shell, and the Shell's methods are then unknown to it.
 * Transport errors (unknown method, bad argument) come back as a failed Result for the
 * transport to refuse; what the method itself returns is passed on.
 */
export async function dispatch(api: Api, method: string, raw: unknown, shell?: Shell): Promise<Result<unknown, AppError>> {
  if (!isMethodName(method)) return invalid(`Unknown method "${method}".`);
  const target: object | undefined = isShellMethod(method) ? shell : api;
  if (target === undefined) return invalid(`Unknown method "${method}".`);
  const validator = ARGUMENT_VALIDATORS[method] as Validator<unknown>;
  const argument = validator(raw);
  if (!argument.ok) return argument;
  const call = (target as Record<MethodName, (argument: unknown) => Promise<unknown>>)[method];
  return ok(await call.call(target, argument.value));
}
