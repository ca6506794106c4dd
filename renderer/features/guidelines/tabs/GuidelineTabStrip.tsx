import type { GuidelineTabRef } from '../../../../electron/shared/contract';
import { DocumentTabStrip } from '../../tabs/DocumentTabStrip';
import { tabKey } from './guidelineTabsState';

/** What a tab shows: the guideline's name, and its profile when the strip spans several. */
export interface GuidelineTabLabel {
  name: string;
  /** Shown beside the name (and read as the tab's description) when not null. */
  profile: string | null;
}

interface GuidelineTabStripProps {
  tabs: readonly GuidelineTabRef[];
  activeKey: string | null;
  labelOf: (tab: GuidelineTabRef) => GuidelineTabLabel;
  tabDomId: (tab: GuidelineTabRef) => string;
  panelDomId: string;
  onActivate: (tab: GuidelineTabRef) => void;
  onClose: (tab: GuidelineTabRef) => void;
  /** "Open another guideline": the Guideline field takes focus (a new tab opens from there). */
  onNew: () => void;
  onReopen: () => void;
  canReopen: boolean;
  saveError: string | null;
}

/**
 * The guideline tabs: the document tab strip, with each tab's profile when the strip spans
 * several. Closing the last one with Delete puts focus in the Guideline field. Alt+N (open
 * another) and Alt+Shift+T (reopen the last closed) are handled by the Guidelines section.
 */
export function GuidelineTabStrip(props: GuidelineTabStripProps) {
  const byKey = new Map(props.tabs.map((tab) => [tabKey(tab), tab]));
  const withTab = (use: (tab: GuidelineTabRef) => void) => (key: string) => {
    const tab = byKey.get(key);
    if (tab) use(tab);
  };
  const labelOf = (key: string) => {
    const { name, profile } = props.labelOf(byKey.get(key)!);
    return {
      name,
      title: `${name}${profile ? ` — profile ${profile}` : ''}`,
      tag: profile === null ? null : { text: profile, marked: false },
      description: profile && `Profile ${profile}`,
    };
  };
  return (
    <DocumentTabStrip
      label="Open guidelines"
      className="guideline-strip"
      keys={[...byKey.keys()]}
      activeKey={props.activeKey}
      labelOf={labelOf}
      tabDomId={(key) => props.tabDomId(byKey.get(key)!)}
      // Only the tab in front has its panel in the page.
      panelDomId={(_, selected) => (selected ? props.panelDomId : undefined)}
      onActivate={withTab(props.onActivate)}
      onClose={withTab(props.onClose)}
      onEmptied={props.onNew}
      newButton={{ text: '+ Open another', title: 'Open another guideline (Alt+N)' }}
      onNew={props.onNew}
      reopenButton={{ text: 'Reopen closed guideline', title: 'Reopen closed guideline (Alt+Shift+T)' }}
      onReopen={props.onReopen}
      canReopen={props.canReopen}
      saveError={props.saveError}
      saveErrorPrefix="Open guidelines are not being saved"
    />
  );
}
