import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_BESIDE,
  guidelineTabsDocument,
  mergeGuidelineTabs,
  parseGuidelineTabsChanges,
} from '../../../../electron/core/workspace/guidelineTabs';
import type { GuidelineTabs } from '../../../../electron/shared/api';

/** The guideline tabs the host keeps, and how pages sharing it merge. */

const tab = (guidelineId: string, profileId = 'sandbox') => ({ profileId, guidelineId });
const empty: GuidelineTabs = { tabs: [], active: null, beside: { ...DEFAULT_BESIDE } };

describe('guideline tabs in the host', () => {
  it('keeps the tabs another page opened: a page sends only what it opened and closed', () => {
    const mine = mergeGuidelineTabs(empty, { opened: [tab('a')], closed: [], active: tab('a') });
    const theirs = mergeGuidelineTabs(mine.ok ? mine.value : empty, { opened: [tab('b')], closed: [], active: tab('b') });
    const closed = mergeGuidelineTabs(theirs.ok ? theirs.value : empty, { opened: [], closed: [tab('a')], active: null });
    expect(closed.ok && closed.value.tabs).toEqual([tab('b')]);
    // The active tab falls back to one that is still open.
    expect(closed.ok && closed.value.active).toEqual(tab('b'));
    // The same guideline of another profile is another tab; the same one twice is one.
    const again = mergeGuidelineTabs(closed.ok ? closed.value : empty, { opened: [tab('b'), tab('b', 'prod')], closed: [], active: null });
    expect(again.ok && again.value.tabs).toEqual([tab('b'), tab('b', 'prod')]);
  });

  it('refuses changes that are not in the expected shape, and clamps the panel width', () => {
    expect(parseGuidelineTabsChanges({ opened: [{ profileId: 'p' }], closed: [], active: null }).ok).toBe(false);
    expect(parseGuidelineTabsChanges({ opened: [], closed: 'a', active: null }).ok).toBe(false);
    expect(parseGuidelineTabsChanges({ opened: [], closed: [], active: 'a' }).ok).toBe(false);
    expect(parseGuidelineTabsChanges({ opened: Array.from({ length: 31 }, (_, n) => tab(`g${n}`)), closed: [], active: null }).ok).toBe(
      false,
    );
    expect(
      parseGuidelineTabsChanges({ opened: [], closed: [], active: null, beside: { guideline: null, open: 'yes', width: 300 } }).ok,
    ).toBe(false);
    const parsed = parseGuidelineTabsChanges({
      opened: [{ ...tab('a'), extra: 1 }],
      closed: [],
      active: null,
      beside: { guideline: tab('a'), open: true, width: 99999 },
    });
    expect(parsed.ok && parsed.value).toEqual({
      opened: [tab('a')],
      closed: [],
      active: null,
      beside: { guideline: tab('a'), open: true, width: 1200 },
    });
  });

  it('reads its file entry by entry: a bad tab is dropped and told, the rest kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gltabs-'));
    try {
      const file = path.join(dir, 'guideline-tabs.json');
      writeFileSync(
        file,
        JSON.stringify({
          tabs: [tab('a'), { guidelineId: 7 }, tab('b')],
          active: tab('b'),
          beside: { guideline: tab('a'), open: true, width: 500 },
        }),
      );
      const problems: string[] = [];
      const document = guidelineTabsDocument(file, (problem) => problems.push(problem));
      expect(await document.read()).toEqual({
        tabs: [tab('a'), tab('b')],
        active: tab('b'),
        beside: { guideline: tab('a'), open: true, width: 500 },
      });
      expect(problems.join(' ')).toMatch(/1 guideline tab/);
      await document.update((current) => ({ ...current, tabs: [tab('c')], active: tab('c') }));
      expect(JSON.parse(readFileSync(file, 'utf8')).tabs).toEqual([tab('c')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
