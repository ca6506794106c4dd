import type { Result } from './common';
import type { HistoryRetention } from './history';
import type { KnownAgent, KnownGuideline } from './platform';
import type { ProfilesState } from './profiles';
import type { Workspace } from './workspace';

/** The app as a whole: what it is and where it runs, and its settings (not of one profile). */

export type HostKind = 'electron' | 'browser';

export interface AppInfo {
  name: string;
  version: string;
  host: HostKind;
  /**
   * The desktop app's answer to "do my pages run in Chromium's sandbox?": false when it was
   * started with --no-sandbox (the AppImage's launcher adds it where user namespaces are
   * blocked), and the page then says so. Absent in browser mode: the browser's sandbox is the
   * browser's own.
   */
  sandboxed?: boolean;
}

/** Settings of the app as a whole (not of one profile). */
export interface AppSettings {
  /** Responses larger than this are aborted and reported as too large. Default 50 MB. */
  maxResponseBytes: number;
  /** "Save to a file" stops writing at this many bytes of the answer. Default 256 MB. */
  maxSavedFileBytes: number;
  /** How much history is kept (pinned entries always are). Default: everything. */
  historyRetention: HistoryRetention;
  /** A run that would send more requests than this is refused before anything is sent. Default 1,000,000. */
  maxRunRequests: number;
  /**
   * The judge agent picked for each profile (by profile id), to check answers against a
   * guideline in History and beside the workbench. Absent, or a profile missing: none picked yet.
   */
  judgeAgents?: Record<string, string>;
}

/**
 * What the first screen waits for, in one answer: the profiles, the request tabs' drafts, and the
 * agents and guidelines known for the active profile (`known.profileId`, read once with them, so
 * the page files the lists under the profile they belong to). The same answers as listProfiles,
 * loadWorkspace, listKnownAgents and listKnownGuidelines; one call, so the page need not ask for
 * the profiles first and the lists after.
 */
export interface Startup {
  profiles: ProfilesState;
  workspace: Workspace;
  known: { profileId: string; agents: KnownAgent[]; guidelines: KnownGuideline[] };
}

/** The app's slice of the Api. */
export interface AppApi {
  getAppInfo(): Promise<AppInfo>;
  getStartup(): Promise<Startup>;
  getSettings(): Promise<AppSettings>;
  updateSettings(request: Partial<AppSettings>): Promise<Result<AppSettings>>;
}
