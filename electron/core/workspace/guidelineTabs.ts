import type { GuidelineBeside, GuidelineTabRef, GuidelineTabs, GuidelineTabsChanges, Result } from '../../shared/api';
import { invalid, isPlainObject } from '../../shared/check';
import { createJsonDocument, type JsonDocument } from '../storage/jsonDocument';

/**
 * The guideline tabs, kept in `guideline-tabs.json` beside the request tabs'
 * workspace.json, in a document of their own so that neither's format or merge touches the other.
 *
 * Merging pages that share a host (browser tabs): a guideline tab holds nothing typed, only
 * which guideline of which profile, so the safe rule is simpler than the request tabs' one
 * (workspaceMerge.ts). Each page sends the tabs it opened and the tabs it closed since it last
 * heard from the host; the host removes the closed ones and appends the opened ones it lacks.
 * A page therefore never drops a tab another page opened; the worst a race can do is keep or
 * close one tab the person can open again in one click (the text stays in the library).
 */

/** At most this many guideline tabs are kept. */
const MAX_GUIDELINE_TABS = 30;
const MIN_BESIDE_WIDTH = 240;
const MAX_BESIDE_WIDTH = 1200;
export const DEFAULT_BESIDE: GuidelineBeside = { guideline: null, open: false, width: 420 };

const MAX_ID_CHARS = 1024;

const isId = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** A tab reference from untrusted input, with only its own two fields; null when it is not one. */
function tabRefOf(raw: unknown): GuidelineTabRef | null {
  if (!isPlainObject(raw)) return null;
  const { profileId, guidelineId } = raw;
  return isId(profileId, 200) && isId(guidelineId, MAX_ID_CHARS) ? { profileId, guidelineId } : null;
}

/** The same guideline of the same profile. */
const sameTab = (a: GuidelineTabRef, b: GuidelineTabRef) => a.profileId === b.profileId && a.guidelineId === b.guidelineId;

function besideOf(raw: unknown): GuidelineBeside | null {
  if (!isPlainObject(raw)) return null;
  const { guideline, open, width } = raw;
  const ref = guideline === null ? null : tabRefOf(guideline);
  if (guideline !== null && ref === null) return null;
  if (typeof open !== 'boolean' || typeof width !== 'number' || !Number.isFinite(width)) return null;
  return { guideline: ref, open, width: Math.round(Math.min(MAX_BESIDE_WIDTH, Math.max(MIN_BESIDE_WIDTH, width))) };
}

function refList(raw: unknown, max: number): GuidelineTabRef[] | null {
  if (!Array.isArray(raw) || raw.length > max) return null;
  const refs = raw.map(tabRefOf);
  if (refs.some((ref) => ref === null)) return null;
  // Each guideline once, in the order first given.
  return (refs as GuidelineTabRef[]).filter((ref, index, all) => all.findIndex((other) => sameTab(other, ref)) === index);
}

/** Narrows a page's changes from untrusted input (IPC or HTTP), within the limits. */
export function parseGuidelineTabsChanges(raw: unknown): Result<GuidelineTabsChanges> {
  if (!isPlainObject(raw)) return invalid('The guideline tab changes are not in the expected shape.');
  const record = raw;
  const opened = refList(record['opened'], MAX_GUIDELINE_TABS);
  if (!opened) return invalid(`"opened" must be a list of up to ${MAX_GUIDELINE_TABS} { profileId, guidelineId }.`, 'opened');
  const closed = refList(record['closed'], 1000);
  if (!closed) return invalid('"closed" must be a list of { profileId, guidelineId }.', 'closed');
  const active = record['active'] === null ? null : tabRefOf(record['active']);
  if (record['active'] !== null && active === null) return invalid('"active" must be { profileId, guidelineId } or null.', 'active');
  if (record['beside'] === undefined) return { ok: true, value: { opened, closed, active } };
  const beside = besideOf(record['beside']);
  if (!beside) return invalid('"beside" must be { guideline, open, width }.', 'beside');
  return { ok: true, value: { opened, closed, active, beside } };
}

/** The kept tabs after a page's changes (see the rule above). */
export function mergeGuidelineTabs(current: GuidelineTabs, changes: GuidelineTabsChanges): Result<GuidelineTabs> {
  const tabs = current.tabs.filter((tab) => !changes.closed.some((closed) => sameTab(closed, tab)));
  for (const opened of changes.opened) if (!tabs.some((tab) => sameTab(tab, opened))) tabs.push(opened);
  if (tabs.length > MAX_GUIDELINE_TABS)
    return invalid(`At most ${MAX_GUIDELINE_TABS} guideline tabs can be kept: close some first.`, 'opened');
  const find = (ref: GuidelineTabRef | null) => (ref === null ? undefined : tabs.find((tab) => sameTab(tab, ref)));
  const active = find(changes.active) ?? find(current.active) ?? tabs[0] ?? null;
  return { ok: true, value: { tabs, active, beside: changes.beside ?? current.beside } };
}

/** Reads the file entry by entry: a bad tab is dropped and told, the others kept. */
function parseGuidelineTabsFile(raw: unknown, drop: (problem: string) => void): GuidelineTabs | null {
  if (!isPlainObject(raw)) return null;
  const record = raw;
  const listed = Array.isArray(record['tabs']) ? record['tabs'] : [];
  const tabs: GuidelineTabRef[] = [];
  for (const item of listed) {
    const ref = tabRefOf(item);
    if (ref && !tabs.some((tab) => sameTab(tab, ref)) && tabs.length < MAX_GUIDELINE_TABS) tabs.push(ref);
  }
  if (tabs.length < listed.length) drop(`${listed.length - tabs.length} guideline tab(s) could not be used and were dropped.`);
  const active = record['active'] === null ? null : tabRefOf(record['active']);
  const beside = besideOf(record['beside']);
  if (record['beside'] !== undefined && !beside) drop('The guideline beside the workbench could not be read; none is shown.');
  return {
    tabs,
    active: (active && tabs.find((tab) => sameTab(tab, active))) ?? tabs[0] ?? null,
    beside: beside ?? { ...DEFAULT_BESIDE },
  };
}

/** The guideline tabs document: `file` in the data directory, or in memory when null. */
export function guidelineTabsDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<GuidelineTabs> {
  return createJsonDocument({
    file,
    empty: () => ({ tabs: [], active: null, beside: { ...DEFAULT_BESIDE } }),
    parse: parseGuidelineTabsFile,
    name: 'the guideline tabs',
    ...(onProblem ? { onProblem } : {}),
  });
}
