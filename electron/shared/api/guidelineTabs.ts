import type { Result } from './common';

/**
 * Guideline tabs. A guideline tab is a reference, one guideline of one profile: it holds nothing typed (the
 * text is the server's, kept by the library), so it is identified by the pair itself, and two
 * pages that open the same guideline share one tab.
 */

/** One open guideline tab: which guideline, of which profile. */
export interface GuidelineTabRef {
  profileId: string;
  guidelineId: string;
}

/** The guideline shown beside the invoke workbench, and how. */
export interface GuidelineBeside {
  /** The guideline chosen for the side panel; null for none yet. */
  guideline: GuidelineTabRef | null;
  /** False when the panel is collapsed (the choice is kept). */
  open: boolean;
  /** The panel's width in CSS pixels (240 to 1200). */
  width: number;
}

/** The guideline tabs, as the host keeps them across restarts. */
export interface GuidelineTabs {
  /** In strip order; at most 30. */
  tabs: GuidelineTabRef[];
  /** The tab in front (one of `tabs`), or null. */
  active: GuidelineTabRef | null;
  beside: GuidelineBeside;
}

/**
 * One page's changes since it last heard from the host. Several pages (browser tabs) can share
 * one host, so a page sends what it opened and closed rather than its whole strip: the host
 * adds the opened ones it lacks and removes the closed ones, so no page drops a tab another page
 * opened. The tab in front and the side panel are a page's preference: the last page to say wins.
 */
export interface GuidelineTabsChanges {
  opened: GuidelineTabRef[];
  closed: GuidelineTabRef[];
  active: GuidelineTabRef | null;
  /** Absent when this page did not change the side panel. */
  beside?: GuidelineBeside;
}

/** The guideline tabs' slice of the Api. */
export interface GuidelineTabsApi {
  /** The open guideline tabs and the guideline beside the workbench, kept across restarts. */
  loadGuidelineTabs(): Promise<GuidelineTabs>;
  /** Merges a page's opened and closed guideline tabs into the kept ones; answers the result. */
  saveGuidelineTabs(request: GuidelineTabsChanges): Promise<Result<GuidelineTabs>>;
}
