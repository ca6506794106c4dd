import type { Result } from './common';
import type { OpenedSuiteFile } from './runs';

/**
 * What only a desktop window can do: search its page, and ask where to save or which file to
 * open through the system's dialogs. The core has no window, so it has none of these; the
 * desktop shell answers them (electron/desktop/adapters/), and a browser tab has its own find bar,
 * downloads and file inputs instead. The page reads `ShellCapabilities` to know which way to go.
 */

/** The kinds of file the app saves; each has its extension and its filter in the save dialog. */
export const SAVED_FILE_TYPES = {
  'text/html': { extension: 'html', label: 'HTML page' },
  'application/json': { extension: 'json', label: 'JSON file' },
  'text/markdown': { extension: 'md', label: 'Markdown text' },
  'application/xml': { extension: 'xml', label: 'XML file' },
  'text/csv': { extension: 'csv', label: 'CSV file' },
  // A suite's data file may be JSON Lines (one JSON object a line).
  'application/jsonl': { extension: 'jsonl', label: 'JSON Lines file' },
} as const;

export type SavedFileMediaType = keyof typeof SAVED_FILE_TYPES;

/**
 * A file to save: its text given whole (`content`), or held by the host behind a ticket (an
 * exported run, RunExportFile: written a piece at a time as the host reads it).
 */
export type SaveTextFileRequest = {
  /** A file name without folders (e.g. "qa-report-2026-11-23.html"), offered in the dialog. */
  suggestedName: string;
  mediaType: SavedFileMediaType;
} & (
  | {
      /** The whole file, written as UTF-8. */
      content: string;
    }
  | {
      /** A ticket the host gave for a file it holds (exportRun's); spent by this save. */
      ticket: string;
    }
);

export interface SavedTextFile {
  /** False when the user cancelled the dialog: nothing was written. */
  saved: boolean;
  /** Where it was written; null when cancelled, or in a browser (the browser chooses). */
  path: string | null;
}

export interface FindInPageRequest {
  text: string;
  /** Towards the end of the page (true) or back towards its start. */
  forward: boolean;
  /** A new search (the text changed), or false: move to the next or previous match of this one. */
  newSearch: boolean;
}

export interface FindInPageResult {
  /** How many matches the page holds. */
  matches: number;
  /** Which one is highlighted now, from 1; 0 when there is none. */
  activeMatchOrdinal: number;
}

/** The methods only a desktop window answers. Each takes at most one JSON argument, as the Api's do. */
export interface Shell {
  /**
   * Searches the page with Chromium's find (Electron has no find bar of its own). A browser
   * never calls it: its own find works there.
   */
  findInPage(request: FindInPageRequest): Promise<Result<FindInPageResult>>;
  /** Ends the search and clears its highlights, keeping the active match selected. */
  stopFindInPage(): Promise<Result<{ stopped: boolean }>>;
  /**
   * Asks where to save a file the app made (a QA report, a workspace file) with the system's
   * save dialog, and writes it there. A browser downloads the file instead.
   */
  saveTextFile(request: SaveTextFileRequest): Promise<Result<SavedTextFile>>;
  /**
   * Asks which suite file to open, and reads it with the data file it names. Null when the
   * person cancelled. A browser page opens files itself, with a file input.
   */
  openSuiteFile(): Promise<Result<OpenedSuiteFile | null>>;
}

/** Which of the Shell's powers this host has: the page reads these, never the host's name. */
export interface ShellCapabilities {
  /** The page is searched through `findInPage` (the menu's Find in Page opens the app's find bar). */
  findInPage: boolean;
  /** Files are saved through `saveTextFile`, which asks where; without it they are downloaded. */
  saveDialog: boolean;
  /** Suites are opened through `openSuiteFile`, which reads the data file beside; without it, a file input. */
  openDialog: boolean;
}

/**
 * The Shell as the page holds it (renderer/host/): its methods, and which of them this host
 * has. A method whose capability is false is never called.
 */
export interface HostShell extends Shell {
  readonly capabilities: ShellCapabilities;
}

/** The desktop window has every power of the Shell. */
export const DESKTOP_CAPABILITIES: ShellCapabilities = { findInPage: true, saveDialog: true, openDialog: true };

/** A browser tab has none: its own find, downloads and file inputs serve instead. */
export const BROWSER_CAPABILITIES: ShellCapabilities = { findInPage: false, saveDialog: false, openDialog: false };
