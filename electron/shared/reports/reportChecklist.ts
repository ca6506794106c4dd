import type { ChecklistMark, EntryChecklist } from '../api';

/**
 * The `checklists` part of a report entry: the checklists kept with the entry, each a
 * guideline's rules marked pass, fail or n/a against the entry's answer. Optional and versioned
 * on its own: an entry without a checklist has no `checklists` field at all, so reports made
 * before (and their bytes) are unchanged and a reader of the report's version 1 that does not
 * know it loses nothing it knew. A change a reader of this part would misread raises its
 * `version`, not the report's.
 */

const CHECKLISTS_VERSION = 1;

interface ReportChecklistItem {
  /** The heading the rule sits under ('' when none). Untrusted text. */
  section: string;
  /** The rule's markdown source. Untrusted text. */
  text: string;
  depth: number;
  mark: ChecklistMark | null;
  comment: string;
  /**
   * Present only on a mark that came from a judge agent (and was confirmed by the person): a
   * report of marks that are all the person's is byte for byte what it was before judges.
   */
  by?: 'judge';
}

interface ReportChecklist {
  guideline: { id: string; name: string; versionHash: string; fetchedAt: string };
  savedAt: string;
  counts: { pass: number; fail: number; na: number; unmarked: number };
  items: ReportChecklistItem[];
}

export interface ReportChecklists {
  version: typeof CHECKLISTS_VERSION;
  lists: ReportChecklist[];
}

/** The part for these checklists, field by field in a fixed order; undefined when there are none. */
export function reportChecklists(checklists: readonly EntryChecklist[] | undefined): ReportChecklists | undefined {
  if (checklists === undefined || checklists.length === 0) return undefined;
  return {
    version: CHECKLISTS_VERSION,
    lists: checklists.map((checklist) => ({
      guideline: {
        id: checklist.guidelineId,
        name: checklist.guidelineName,
        versionHash: checklist.versionHash,
        fetchedAt: checklist.fetchedAt,
      },
      savedAt: checklist.savedAt,
      counts: {
        pass: checklist.items.filter((item) => item.mark === 'pass').length,
        fail: checklist.items.filter((item) => item.mark === 'fail').length,
        na: checklist.items.filter((item) => item.mark === 'n/a').length,
        unmarked: checklist.items.filter((item) => item.mark === null).length,
      },
      items: checklist.items.map((item) => ({
        section: item.section,
        text: item.text,
        depth: item.depth,
        mark: item.mark,
        comment: item.comment,
        ...(item.by === 'judge' ? { by: 'judge' as const } : {}),
      })),
    })),
  };
}

/** A mark in words, as both renderers print it: "fail", "fail (judge)" for a judge's confirmed mark. */
export function markWords(mark: ChecklistMark | null, by?: 'judge'): string {
  const words = mark === null ? 'not marked' : mark === 'n/a' ? 'n/a' : mark;
  return by === 'judge' ? `${words} (judge)` : words;
}

/** ", 2 by a judge" after a checklist's counts when some marks came from a judge; '' when none. */
export function judgedWords(items: readonly ReportChecklistItem[]): string {
  const judged = items.filter((item) => item.by === 'judge').length;
  return judged === 0 ? '' : ` (${judged} marked by a judge agent, confirmed by a person)`;
}
