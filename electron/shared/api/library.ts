import type { Result } from './common';
import type { HistoryPassage } from './history';
import type { Guideline } from './platform';

/**
 * The guideline library. The platform returns one guideline by id and has no list, so the app keeps one per profile:
 * every guideline fetched is added, and a person can add ids by pasting them. Each fetch whose
 * name, description or content differs from the last kept one is kept as a new version, so the
 * last version stays readable when the platform is down and a change can be shown.
 *
 * Every method names the profile whose library it reads or changes (never "the active one"),
 * so a page that shows one profile never changes another's library behind a switch.
 */

/** One guideline in a profile's library, as the list shows it (no content: a page of 2,000 stays small). */
export interface LibraryGuideline {
  guidelineId: string;
  /** What the server said in the latest kept version; null until the guideline was fetched once. Untrusted text. */
  name: string | null;
  description: string | null;
  /** The person's own title for it; '' for none. Shown beside the server's name, never instead of it. */
  title: string;
  /** The person's own tags, trimmed, without duplicates, in the order given. */
  tags: string[];
  pinned: boolean;
  /** When it entered the library, ISO 8601. */
  addedAt: string;
  /** When it was last fetched with success (changed or not), ISO 8601; null if never. */
  fetchedAt: string | null;
  /** When the person last marked it read (opened it); null if never. */
  readAt: string | null;
  /** The number of the latest kept version (1, 2, …); 0 until the guideline was fetched once. */
  latestVersion: number;
  /**
   * True when a version newer than the one last read was kept: "changed since you last read it".
   * False when never read (there is nothing to compare with) or when the latest was read.
   */
  changedSinceRead: boolean;
  /** The version last marked read (what "Compare versions" starts from); null when never read. */
  readVersion: number | null;
}

/** A kept version, without its content. */
export interface GuidelineVersionSummary {
  version: number;
  /** SHA-256 (hex) of the name, description and content together. */
  hash: string;
  /** When this content was first fetched, ISO 8601. */
  fetchedAt: string;
  name: string;
}

/** A kept version in full, with its library entry: what the reader shows offline ("fetched <date>"). */
export interface GuidelineCopy {
  entry: LibraryGuideline;
  version: GuidelineVersionSummary;
  guideline: Guideline;
}

export interface LibraryRequest {
  profileId: string;
}

export interface LibraryGuidelineRef {
  profileId: string;
  guidelineId: string;
}

/**
 * Ids to add, as pasted: one id, or a list (one per line, or separated by commas, semicolons
 * or spaces), or links that contain the id. Each item is reported taken or refused, with why.
 */
export interface LibraryAddRequest {
  profileId: string;
  text: string;
}

type LibraryAddOutcome =
  /** Taken into the library. */
  | 'added'
  /** It was there already: nothing changed. */
  | 'present'
  /** Not an id, nor a link with one in it; or listed twice in the paste. */
  | 'refused';

export interface LibraryAddItem {
  /** The item as it was pasted (cut at 200 characters). Untrusted: show as text. */
  input: string;
  /** The id found in it; null when none was. */
  guidelineId: string | null;
  outcome: LibraryAddOutcome;
  /** One sentence a person reads, e.g. why it was refused, or that it could not be fetched yet. */
  message: string;
}

export interface LibraryAddReport {
  items: LibraryAddItem[];
  /** The library after the change. */
  library: LibraryGuideline[];
}

export interface LibraryRemoveRequest {
  profileId: string;
  guidelineIds: string[];
}

export interface LibraryPinRequest extends LibraryGuidelineRef {
  pinned: boolean;
}

/** The person's own title ('' for none) and tags (at most 20, each at most 40 characters). */
export interface LibraryLabelsRequest extends LibraryGuidelineRef {
  title: string;
  tags: string[];
}

export interface LibrarySearchRequest {
  profileId: string;
  text: string;
  /** At most this many hits: 1 to 200, default 50. */
  limit?: number;
}

/** A search hit: the entry, and the passage that matched best (plain text and ranges). */
export interface LibrarySearchHit {
  entry: LibraryGuideline;
  passage: HistoryPassage;
}

/** One version (`version` given) or the latest kept one (absent). */
export interface GuidelineVersionRequest extends LibraryGuidelineRef {
  version?: number;
}

/** The library's slice of the Api. */
export interface LibraryApi {
  /** A profile's guideline library: pinned first, then by name. */
  listGuidelineLibrary(request: LibraryRequest): Promise<Result<LibraryGuideline[]>>;
  /** Adds pasted ids (a list, or links holding them), reporting each item; new ones are fetched when the profile is active. */
  addToGuidelineLibrary(request: LibraryAddRequest): Promise<Result<LibraryAddReport>>;
  /** Removes guidelines from the library, with their kept versions; answers the library after. */
  removeFromGuidelineLibrary(request: LibraryRemoveRequest): Promise<Result<LibraryGuideline[]>>;
  pinLibraryGuideline(request: LibraryPinRequest): Promise<Result<LibraryGuideline>>;
  /** Sets the person's own title and tags (the server's name and description stay as they are). */
  setLibraryGuidelineLabels(request: LibraryLabelsRequest): Promise<Result<LibraryGuideline>>;
  /** Full-text search of names, descriptions, content, titles and tags, best match first, with the passage. */
  searchGuidelineLibrary(request: LibrarySearchRequest): Promise<Result<LibrarySearchHit[]>>;
  /** The kept versions of a guideline, newest first. */
  listGuidelineVersions(request: LibraryGuidelineRef): Promise<Result<GuidelineVersionSummary[]>>;
  /** A kept version in full (the latest when none is named): the offline copy, marked with when it was fetched. */
  getGuidelineVersion(request: GuidelineVersionRequest): Promise<Result<GuidelineCopy>>;
  /** Marks the latest version read: "changed since you last read it" then waits for the next change. */
  markGuidelineRead(request: LibraryGuidelineRef): Promise<Result<LibraryGuideline>>;
}
