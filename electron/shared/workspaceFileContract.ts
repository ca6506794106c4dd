/**
 * The workspace file part of the contract (issue 8, "Workspace files"), kept apart from
 * contract.ts as the history part is; contract.ts re-exports everything here.
 *
 * A workspace file is plain JSON a team keeps in a repository: the user's profiles (never a
 * key), the agent catalog and the saved request tabs. Importing one is two steps: a preview
 * that says, item by item, what would be taken, what skipped and why, and what clashes with
 * what is here; then, once every clash has a choice, the import itself, which reports what it
 * took. Nothing is written by the preview.
 */
import type { AppError } from './contract';

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
export interface WorkspaceImportConflict {
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
