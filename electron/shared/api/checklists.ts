import type { Result } from './common';

/**
 * Checklists against an answer: the numbered and bulleted rules of a guideline, each
 * marked pass, fail or n/a with an optional comment, kept with a history entry (the answer they
 * judge) and carried into its QA report.
 */

export type ChecklistMark = 'pass' | 'fail' | 'n/a';

/**
 * Who decided a mark: the person, or a judge agent whose verdict the person confirmed (a judge's
 * mark is only kept once confirmed; changing it makes it the person's).
 */
type ChecklistMarkBy = 'person' | 'judge';

/** One rule of a guideline: a list item of its markdown, with the heading it sits under. */
export interface ChecklistRule {
  /** The nearest heading above it ('' when none). Untrusted text. */
  section: string;
  /** The item's own text (markdown source, its nested items left out). Untrusted text. */
  text: string;
  /** 0 for a top-level item, 1 for one nested in it, … */
  depth: number;
}

export interface ChecklistItem extends ChecklistRule {
  /** null: not marked yet. */
  mark: ChecklistMark | null;
  /** The person's comment, or the judge's reason for its mark; '' for none. */
  comment: string;
  /** Who decided the mark. Checklists kept before judges existed read as 'person'. */
  by: ChecklistMarkBy;
}

/** A checklist as kept: the guideline version it was drawn from, and the marks. */
export interface EntryChecklist {
  entryId: number;
  guidelineId: string;
  /** The guideline's name in that version. Untrusted text. */
  guidelineName: string;
  /** The kept version's SHA-256 (hex), as the library reports it. */
  versionHash: string;
  /** When that version was fetched, ISO 8601. */
  fetchedAt: string;
  /** When the marks were last saved, ISO 8601 (set by the host). */
  savedAt: string;
  items: ChecklistItem[];
}

export interface EntryChecklistsRequest {
  entryId: number;
}

/** Saves (replaces) the checklist of one guideline on one entry. */
export type SaveEntryChecklistRequest = Omit<EntryChecklist, 'savedAt'>;

/** Bounds the host checks (the page is untrusted input too). */
export const CHECKLIST_LIMITS = { items: 1_000, text: 4_000, comment: 2_000, name: 1_000 } as const;

/** The checklists' slice of the Api. */
export interface ChecklistsApi {
  /** The checklists kept with a history entry: a guideline's rules marked against its answer. */
  listEntryChecklists(request: EntryChecklistsRequest): Promise<Result<EntryChecklist[]>>;
  /** Keeps a checklist with its history entry, replacing that guideline's earlier one there. */
  saveEntryChecklist(request: SaveEntryChecklistRequest): Promise<Result<EntryChecklist>>;
}
