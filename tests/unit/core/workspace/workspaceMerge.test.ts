import { describe, expect, it } from 'vitest';
import type { TabDraft, Workspace, WorkspaceChanges } from '../../../../electron/shared/api';
import { mergeWorkspace, parseWorkspaceChanges, type TabChange } from '../../../../electron/core/workspace/workspaceMerge';
import { parseWorkspace } from '../../../../electron/core/workspace/appStores';

/** Two pages (browser tabs) sharing one workspace: a tiny host holding the document and the tab stamps. */
function host(initial: Workspace = { tabs: [], activeTabId: null, revision: 0 }) {
  let workspace = initial;
  const stamps = new Map<string, TabChange>();
  let copies = 0;
  return {
    get workspace() {
      return workspace;
    },
    save(changes: WorkspaceChanges) {
      const merged = mergeWorkspace(workspace, changes, stamps, () => `copy-${++copies}`);
      if (merged.ok) workspace = merged.value;
      return merged;
    },
  };
}

const tab = (id: string, text: string): TabDraft => ({ id, title: '', agentId: 'agent', text, payloadText: '{}' });
const change = (writer: string, baseRevision: number, tabs: TabDraft[], closed: string[] = []): WorkspaceChanges => ({
  baseRevision,
  writer,
  tabs,
  closed,
  activeTabId: tabs[0]?.id ?? null,
});
const texts = (workspace: Workspace) => workspace.tabs.map((t) => `${t.id}:${t.text}`);

describe('merging the drafts of pages that share the workspace', () => {
  it('keeps the tabs of both writers through interleaved saves', () => {
    const h = host();
    expect(h.save(change('A', 0, [tab('a1', 'first')]))).toMatchObject({ ok: true, value: { revision: 1 } });
    // B loaded before A saved (revision 0) and adds its own tab: A's is kept.
    h.save(change('B', 0, [tab('b1', 'second')]));
    // A goes on typing in its tab, still based on what it last heard (revision 1).
    const merged = h.save(change('A', 1, [tab('a1', 'first, more')]));
    expect(merged.ok && texts(merged.value)).toEqual(['a1:first, more', 'b1:second']);
    expect(h.workspace.revision).toBe(3);
  });

  it('keeps an edit over a close by a page that had not seen it, in either order', () => {
    const h = host();
    h.save(change('A', 0, [tab('t', 'draft')]));
    // B saw revision 1; A edits (revision 2); B, not having seen it, closes the tab: the edit stays.
    h.save(change('A', 1, [tab('t', 'draft, edited')]));
    h.save(change('B', 1, [], ['t']));
    expect(texts(h.workspace)).toEqual(['t:draft, edited']);
    // Closed first and edited after: the edit brings the tab back.
    const other = host();
    other.save(change('A', 0, [tab('t', 'draft')]));
    other.save(change('B', 1, [], ['t']));
    expect(other.workspace.tabs).toEqual([]);
    other.save(change('A', 1, [tab('t', 'draft, edited')]));
    expect(texts(other.workspace)).toEqual(['t:draft, edited']);
  });

  it("closes a tab nobody changed meanwhile, and a page's own saves in a row never conflict", () => {
    const h = host();
    h.save(change('A', 0, [tab('t', 'one')]));
    h.save(change('A', 0, [tab('t', 'one two')])); // a second save before the first answer came back
    expect(texts(h.workspace)).toEqual(['t:one two']);
    h.save(change('B', 2, [], ['t']));
    expect(h.workspace.tabs).toEqual([]);
  });

  it('keeps both texts when two pages typed in the same tab', () => {
    const h = host();
    h.save(change('A', 0, [tab('t', 'start')]));
    h.save(change('A', 1, [tab('t', 'typed in A')]));
    h.save(change('B', 1, [tab('t', 'typed in B')]));
    expect(texts(h.workspace)).toEqual(['t:typed in B', 'copy-1:typed in A']);
  });

  it('answers the current workspace, unchanged, to a page with no changes', () => {
    const h = host();
    h.save(change('A', 0, [tab('t', 'x')]));
    const merged = h.save(change('B', 0, []));
    expect(merged).toEqual({ ok: true, value: { tabs: [tab('t', 'x')], activeTabId: 't', revision: 1 } });
  });

  it('refuses changes not in the expected shape, field by field', () => {
    const good = change('A', 0, [tab('t', 'x')]);
    expect(parseWorkspaceChanges(good)).toEqual({ ok: true, value: good });
    const field = (raw: unknown) => {
      const parsed = parseWorkspaceChanges(raw);
      return !parsed.ok && parsed.error.field;
    };
    expect(field({ ...good, baseRevision: -1 })).toBe('baseRevision');
    expect(field({ ...good, baseRevision: 1.5 })).toBe('baseRevision');
    expect(field({ ...good, writer: '' })).toBe('writer');
    expect(field({ ...good, tabs: [tab('t', 'x'), tab('t', 'y')] })).toBe('tabs');
    expect(field({ ...good, tabs: [{ ...tab('', 'x') }] })).toBe('tabs');
    expect(field({ ...good, closed: [7] })).toBe('closed');
    expect(field({ ...good, activeTabId: 3 })).toBe('activeTabId');
  });

  it('reads a workspace.json written before revisions existed as revision 0', () => {
    expect(parseWorkspace({ tabs: [tab('t', 'x')], activeTabId: 't' })).toEqual({
      ok: true,
      value: { tabs: [tab('t', 'x')], activeTabId: 't', revision: 0 },
    });
  });
});
