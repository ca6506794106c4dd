import type { Result, TabDraft, Workspace, WorkspaceChanges } from '../../shared/api';
import { invalid, isPlainObject } from '../../shared/check';
import { checkTabSizes, isTabDraft, MAX_TABS, tabDraftOf } from './appStores';

/**
 * Several pages can share one workspace (browser mode opens the app in more than one browser
 * tab). If each saved its whole tab list, the last page to save would drop the drafts typed in
 * the others. So a page sends only its changes (tabs added or changed, tabs closed, each by its
 * random id) with the revision it last saw, and the host merges them into the current
 * workspace here. The rule throughout: nothing typed is lost.
 * - A tab closed in one page but changed by another page since the closing page last looked
 *   is kept (the edit wins over the close).
 * - A tab changed by two pages at once keeps both texts: the saving page's under the tab's id,
 *   the other page's in a new tab next to it.
 */

/** When a tab last changed, and which page changed it. */
export interface TabChange {
  revision: number;
  writer: string;
}

const isShortString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** Narrows a page's changes from untrusted input, within the workspace's limits. */
export function parseWorkspaceChanges(raw: unknown): Result<WorkspaceChanges> {
  if (!isPlainObject(raw)) return invalid('The workspace changes are not in the expected shape.');
  const { baseRevision, writer, tabs, closed, activeTabId } = raw;
  if (typeof baseRevision !== 'number' || !Number.isSafeInteger(baseRevision) || baseRevision < 0) {
    return invalid('The base revision must be a whole number from 0.', 'baseRevision');
  }
  if (!isShortString(writer, 100)) return invalid('The writer id must be a string of up to 100 characters.', 'writer');
  if (!Array.isArray(tabs) || !tabs.every(isTabDraft)) return invalid('The workspace tabs are not in the expected shape.', 'tabs');
  if (tabs.length > MAX_TABS) return invalid(`At most ${MAX_TABS} tabs can be kept.`, 'tabs');
  if (new Set(tabs.map((tab) => tab.id)).size !== tabs.length) return invalid('Each tab id must be given once.', 'tabs');
  const sizes = checkTabSizes(tabs);
  if (sizes) return sizes;
  if (!Array.isArray(closed) || closed.length > 1000 || !closed.every((id) => isShortString(id, 200))) {
    return invalid('The closed tab ids are not in the expected shape.', 'closed');
  }
  if (activeTabId !== null && !isShortString(activeTabId, 200)) return invalid('The active tab id must be a string.', 'activeTabId');
  return { ok: true, value: { baseRevision, writer, tabs: tabs.map(tabDraftOf), closed: [...new Set(closed)], activeTabId } };
}

const sameDraft = (a: TabDraft, b: TabDraft) => JSON.stringify(tabDraftOf(a)) === JSON.stringify(tabDraftOf(b));

/**
 * The workspace after a page's changes. `changes` must come from `parseWorkspaceChanges`.
 * `lastChange` (tab id to when and by whom it last changed) is read and brought up to date;
 * `newId` names the copy kept when two pages changed the same tab. The revision goes up by
 * one when the tabs change; a page sending no changes just learns the current workspace.
 */
export function mergeWorkspace(
  current: Workspace,
  changes: WorkspaceChanges,
  lastChange: Map<string, TabChange>,
  newId: () => string,
): Result<Workspace> {
  const revision = (current.revision ?? 0) + 1;
  const stamp: TabChange = { revision, writer: changes.writer };
  // Changed by another page after this page last saw the workspace: this page has not seen it.
  const changedUnseen = (id: string) => {
    const change = lastChange.get(id);
    return change !== undefined && change.revision > changes.baseRevision && change.writer !== changes.writer;
  };
  const stamps = new Map<string, TabChange>();
  let tabs = current.tabs.filter((tab) => !changes.closed.includes(tab.id) || changedUnseen(tab.id));
  let changed = tabs.length !== current.tabs.length;
  for (const tab of changes.tabs) {
    const index = tabs.findIndex((other) => other.id === tab.id);
    const theirs = tabs[index];
    if (theirs === undefined) {
      // New, or closed by another page meanwhile: this page's draft is kept either way.
      tabs = [...tabs, tab];
    } else if (sameDraft(theirs, tab)) {
      continue;
    } else if (changedUnseen(tab.id)) {
      // Both pages typed in this tab: the other page's text moves to a tab of its own.
      const copy = { ...theirs, id: newId() };
      tabs = [...tabs.slice(0, index), tab, copy, ...tabs.slice(index + 1)];
      stamps.set(copy.id, lastChange.get(tab.id)!);
    } else {
      tabs = tabs.map((other) => (other.id === tab.id ? tab : other));
    }
    stamps.set(tab.id, stamp);
    changed = true;
  }
  if (tabs.length > MAX_TABS) return invalid(`At most ${MAX_TABS} tabs can be kept: close some first.`, 'tabs');
  const has = (id: string | null) => id !== null && tabs.some((tab) => tab.id === id);
  const activeTabId = has(changes.activeTabId)
    ? changes.activeTabId
    : has(current.activeTabId)
      ? current.activeTabId
      : (tabs[0]?.id ?? null);
  for (const [id, change] of stamps) lastChange.set(id, change);
  for (const id of changes.closed) if (!has(id)) lastChange.delete(id);
  return { ok: true, value: { tabs, activeTabId, revision: changed ? revision : (current.revision ?? 0) } };
}
