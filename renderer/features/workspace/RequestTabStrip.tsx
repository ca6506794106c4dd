import type { ProfilesState } from '../../../electron/shared/contract';
import { DocumentTabStrip, type DocumentTabLabel } from '../tabs/DocumentTabStrip';
import type { RequestTab } from './tabsState';

/** Where a tab's request goes, in words, and whether that is not the active profile. */
function tabProfile(tab: RequestTab, profiles: ProfilesState | undefined): { name: string; elsewhere: boolean } | null {
  if (!profiles || tab.profileId === null) return null;
  const profile = profiles.profiles.find((candidate) => candidate.id === tab.profileId);
  return { name: profile?.name ?? 'a deleted profile', elsewhere: tab.profileId !== profiles.activeProfileId };
}

interface RequestTabStripProps {
  tabs: readonly RequestTab[];
  activeId: string | null;
  labels: ReadonlyMap<string, string>;
  /** The profiles, to show which one each tab belongs to. */
  profiles: ProfilesState | undefined;
  /** Tabs with a request in flight: marked, so one sent in a background tab is not forgotten. */
  inFlight: ReadonlySet<string>;
  tabDomId: (id: string) => string;
  panelDomId: (id: string) => string;
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onNew: () => void;
  /** Brings back the most recently closed tab; the button is disabled while there is none. */
  onReopen: () => void;
  canReopen: boolean;
  onRename: (id: string, title: string) => void;
  /** Why the drafts could not be saved, or null. */
  saveError: string | null;
}

/** The request tabs: the document tab strip, with each tab's profile and request in flight, and naming. */
export function RequestTabStrip(props: RequestTabStripProps) {
  const { tabs, labels, profiles, inFlight } = props;
  const byId = new Map(tabs.map((tab) => [tab.id, tab]));
  // Each tab shows its profile once the tabs span more than one; a tab whose profile is not the
  // active one always shows it (marked), since sending it asks first.
  const showProfiles = new Set(tabs.map((tab) => tab.profileId)).size > 1;

  const labelOf = (id: string): DocumentTabLabel => {
    const name = labels.get(id) ?? 'Request';
    const busy = inFlight.has(id);
    const tab = byId.get(id);
    const profile = tab ? tabProfile(tab, profiles) : null;
    const shown = profile && (showProfiles || profile.elsewhere) ? profile : null;
    const profileText = shown && (shown.elsewhere ? `For profile ${shown.name}, not the active profile` : `For profile ${shown.name}`);
    return {
      name,
      title: `${name}${profileText ? ` — ${profileText}` : ''}${busy ? ', waiting for the agent' : ''}`,
      tag: shown && { text: shown.name, marked: shown.elsewhere },
      description: profileText,
      busy,
    };
  };

  return (
    <DocumentTabStrip
      label="Requests"
      keys={tabs.map((tab) => tab.id)}
      activeKey={props.activeId}
      labelOf={labelOf}
      tabDomId={props.tabDomId}
      panelDomId={props.panelDomId}
      onActivate={props.onActivate}
      onClose={props.onClose}
      rename={{ initial: (id) => byId.get(id)?.title || labels.get(id) || '', apply: props.onRename }}
      newButton={{ text: '+ New request', title: 'New request (Alt+N)' }}
      onNew={props.onNew}
      reopenButton={{ text: 'Reopen closed tab', title: 'Reopen closed tab (Alt+Shift+T)' }}
      onReopen={props.onReopen}
      canReopen={props.canReopen}
      saveError={props.saveError}
      saveErrorPrefix="Drafts are not being saved"
    />
  );
}
