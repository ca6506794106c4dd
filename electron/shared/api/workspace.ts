import type { AppError, Result } from './common';

/**
 * The workspace: the request tabs as they were left, kept by the host across restarts and
 * shared by the pages that show them; and the workspace file that carries it between machines.
 *
 * A workspace file is plain JSON a team keeps in a repository: the user's profiles (never a
 * key), the agent catalog and the saved request tabs. Importing one is two steps: a preview
 * that says, item by item, what would be taken, what skipped and why, and what clashes with
 * what is here; then, once every clash has a choice, the import itself, which reports what it
 * took. Nothing is written by the preview.
 */

/** One request tab's draft, kept by the host across restarts. */
export interface TabDraft {
  id: string;
  /** What the tab is called; empty means "use the agent's name or id". */
  title: string;
  agentId: string;
  text: string;
  /** The payload editor's text, exactly as typed (it may be invalid JSON mid-edit). */
  payloadText: string;
  /**
   * The profile the tab was made for (it is sent there, or the user is asked first). Absent in
   * drafts saved before tabs carried a profile: those take the profile active when loaded.
   */
  profileId?: string;
}

export interface Workspace {
  tabs: TabDraft[];
  activeTabId: string | null;
  /**
   * The host's count of changes to the tabs, so a page can say which version its changes were
   * made on. Absent in workspace.json files written before it existed (read as 0).
   */
  revision?: number;
}

/**
 * One page's changes to the tabs since the workspace revision it last saw. Several pages (browser
 * tabs) can share one workspace: each sends only what it changed and the host merges, so no page
 * overwrites tabs another page is editing. Tabs are keyed by their random id.
 */
export interface WorkspaceChanges {
  /** The `revision` of the workspace this page last received (0 for none). */
  baseRevision: number;
  /** A random id of this page, so its own saves in a row are never taken for a conflict. */
  writer: string;
  /** Tabs this page added or changed, whole, in its strip order. */
  tabs: TabDraft[];
  /** Ids of tabs this page closed. A tab changed meanwhile by another page is kept: nothing typed is lost. */
  closed: string[];
  /** The tab in front in this page (what a newly opened page starts on). */
  activeTabId: string | null;
}

/** What to do with an item of the file that clashes with one already here. */
export type ImportChoice = 'replace' | 'keepBoth' | 'skip';

export const IMPORT_CHOICES: readonly ImportChoice[] = ['replace', 'keepBoth', 'skip'];

export type WorkspaceItemKind = 'profile' | 'catalog' | 'tab';

/** An exported workspace, ready to be saved as a file. */
export interface WorkspaceFileExport {
  /** A file name that stays the same from one export to the next (it is meant for a repository). */
  suggestedName: string;
  /** The file's text: stable-ordered JSON, two-space indented, ending in a newline. */
  content: string;
  /** What it holds, in words ("2 profiles, 5 catalog entries, 3 request tabs."), and anything left out. */
  summary: string;
}

/** An item of the file that clashes with one already here. */
interface WorkspaceImportConflict {
  /** What it clashes with and how they differ, in words. */
  existing: string;
  /** The choices this clash allows (a built-in profile cannot be replaced). */
  choices: ImportChoice[];
  /** The choice in force (given for this item, or for all), or null while none is made. */
  chosen: ImportChoice | null;
}

/** One item of the file, as the import would treat it. */
export interface WorkspaceImportItem {
  /** Names the item within this file, for decisions. Opaque: do not parse it. */
  key: string;
  kind: WorkspaceItemKind;
  /** The item in words, e.g. 'Profile "Staging"'. */
  label: string;
  /**
   * take: it is taken (new, or as chosen for a clash); skip: it is not (see `detail`);
   * conflict: it clashes and needs a choice; waiting: it belongs to a profile that still needs
   * a choice, so what happens to it is known once that choice is made.
   */
  action: 'take' | 'skip' | 'conflict' | 'waiting';
  /** What taking it does, or why it is skipped, in plain words. */
  detail: string;
  conflict?: WorkspaceImportConflict;
  /**
   * Things to know about it (plain http, TLS not verified, a CA file, the proxy its requests go
   * through, the client certificate it presents, a setting that could not be used, fields ignored).
   */
  warnings: string[];
}

export interface WorkspaceImportPreview {
  items: WorkspaceImportItem[];
  /** About the file as a whole (fields this version does not know, which are ignored). */
  notes: string[];
}

export interface WorkspaceImportDecision {
  key: string;
  choice: ImportChoice;
}

/** The file's text and the choices made so far (the preview takes them too, to show their effect). */
export interface WorkspaceImportRequest {
  content: string;
  /** Choices for single clashes, by item key. */
  decisions?: WorkspaceImportDecision[];
  /** A choice for every clash without its own, where that clash allows it. */
  forAll?: ImportChoice;
}

/** What the import did with one item. */
export interface WorkspaceImportOutcome {
  key: string;
  kind: WorkspaceItemKind;
  label: string;
  /** failed: it was to be taken but could not be written (see `detail`). */
  outcome: 'taken' | 'skipped' | 'failed';
  detail: string;
}

export interface WorkspaceImportReport {
  items: WorkspaceImportOutcome[];
  /** True when everything that was to be taken was written. */
  complete: boolean;
}

/**
 * Why a file cannot be read or imported at all. `problem` tells them apart: not_json, a JSON
 * file that is not a workspace file (wrong_format), one from a newer Agent Explorer
 * (newer_version), too large, a workspace file whose parts are not in the expected shape
 * (invalid), or clashes still without a choice (undecided: preview again).
 */
export type WorkspaceFileProblem = 'not_json' | 'wrong_format' | 'newer_version' | 'too_large' | 'invalid' | 'undecided';

export interface WorkspaceFileError extends AppError {
  problem: WorkspaceFileProblem;
}

/** The largest workspace file that can be imported, in bytes (UTF-8). */
export const MAX_WORKSPACE_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The `format` every workspace file carries, and the version this build writes; it reads every
 * version from 1 up to it. The version is raised when a reader of the one before would misread
 * the file: version 2 added each profile's proxy and client certificate, which a version-1
 * reader would drop without a word (the certificate inside `tls` is not even reported as ignored).
 */
export const WORKSPACE_FILE_FORMAT = 'agent-explorer-workspace';
export const WORKSPACE_FILE_VERSION = 2;

/** The workspace's slice of the Api. */
export interface WorkspaceApi {
  /** The request tabs as they were left, across restarts. */
  loadWorkspace(): Promise<Workspace>;
  /** Merges a page's changes into the saved workspace; answers the merged workspace (other pages' tabs too). */
  saveWorkspace(request: WorkspaceChanges): Promise<Result<Workspace>>;
  /** The workspace (profiles without keys, agent catalog, request tabs) as a workspace file's text. */
  exportWorkspaceFile(): Promise<Result<WorkspaceFileExport>>;
  /** What importing a workspace file would do, item by item, with the choices given so far. Writes nothing. */
  previewWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportPreview, WorkspaceFileError>>;
  /** Imports a workspace file once every clash has a choice; reports what was and was not taken. */
  applyWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportReport, WorkspaceFileError>>;
}
