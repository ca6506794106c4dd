import { reportEntry } from '../../../electron/shared/reports/reportEntry';
import { entryMarkdown } from '../../../electron/shared/reports/reportMarkdown';
import { withChecklists } from '../../../electron/shared/reports/reportBundle';
import type { EntryChecklist, HistoryEntry } from '../../../electron/shared/api';

/**
 * Copy as Markdown: the opened entry for a ticket, made here from the entry the page already
 * has (no round trip to the host while the click's permission to write the clipboard lasts).
 * It is the core's report format, the same facts as the QA report: those two files are plain
 * functions with no Node or DOM in them, so the renderer can use them as they are.
 */
export function entryAsMarkdown(entry: HistoryEntry, appVersion: string, checklists: readonly EntryChecklist[] = []): string {
  return entryMarkdown(withChecklists(reportEntry(entry), checklists), appVersion);
}
