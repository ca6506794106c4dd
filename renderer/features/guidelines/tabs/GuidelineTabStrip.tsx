import type { KeyboardEvent, MouseEvent } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/contract';
import { useRovingTabs } from '../../../ui/useRovingTabs';
import { sameTab, tabKey } from './guidelineTabsState';

/** What a tab shows: the guideline's name, and its profile when the strip spans several. */
export interface GuidelineTabLabel {
  name: string;
  /** Shown beside the name (and read as the tab's description) when not null. */
  profile: string | null;
}

interface GuidelineTabStripProps {
  tabs: readonly GuidelineTabRef[];
  active: GuidelineTabRef | null;
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
 * The guideline tabs: the request tabs' keyboard model (useRovingTabs, automatic activation):
 * arrow keys, Home and End move; Delete closes the focused tab and focus goes to the tab taking
 * its place; the × is part of the tab for the mouse. Alt+N (open another) and Alt+Shift+T
 * (reopen the last closed) are handled by the Guidelines section while it is on screen.
 */
export function GuidelineTabStrip(props: GuidelineTabStripProps) {
  const { tabs, active, labelOf, tabDomId, panelDomId, onActivate, onClose, onNew, onReopen, canReopen, saveError } = props;
  const byKey = new Map(tabs.map((tab) => [tabKey(tab), tab]));
  const roving = useRovingTabs(
    tabs.map(tabKey),
    (key) => {
      const tab = byKey.get(key);
      if (tab) onActivate(tab);
    },
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number, tab: GuidelineTabRef) {
    if (roving.moveFrom(event, index)) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      const next = tabs[index + 1] ?? tabs[index - 1];
      onClose(tab);
      // Focus stays in the strip, on the tab that takes this one's place (or the field when none is left).
      if (next) requestAnimationFrame(() => roving.focus(tabKey(next)));
      else onNew();
    }
  }

  function onTabClick(event: MouseEvent<HTMLButtonElement>, tab: GuidelineTabRef) {
    if ((event.target as HTMLElement).closest('[data-close-tab]')) onClose(tab);
    else onActivate(tab);
  }

  return (
    <div className="request-strip guideline-strip">
      {tabs.length > 0 && (
        <div role="tablist" aria-label="Open guidelines" className="request-tabs">
          {tabs.map((tab, index) => {
            const selected = sameTab(tab, active);
            const { name, profile } = labelOf(tab);
            const id = tabDomId(tab);
            return (
              <button
                key={tabKey(tab)}
                {...roving.tabProps(tabKey(tab), index, selected)}
                id={id}
                className="request-tab"
                // Only the tab in front has its panel in the page.
                aria-controls={selected ? panelDomId : undefined}
                aria-keyshortcuts="Delete"
                aria-describedby={profile ? `${id}-profile` : undefined}
                title={`${name}${profile ? ` — profile ${profile}` : ''} (Delete closes)`}
                onClick={(event) => onTabClick(event, tab)}
                onKeyDown={(event) => onKeyDown(event, index, tab)}
              >
                <span className="request-tab-label">{name}</span>
                {profile && (
                  <span className="request-tab-profile" aria-hidden="true">
                    {profile}
                  </span>
                )}
                <span className="request-tab-close" aria-hidden="true" data-close-tab="" title={`Close ${name}`}>
                  ×
                </span>
              </button>
            );
          })}
        </div>
      )}
      {/* The tabs' profile descriptions (aria-describedby), outside the tab list, which may hold only tabs. */}
      <div className="visually-hidden" aria-hidden="true">
        {tabs.map((tab) => {
          const { profile } = labelOf(tab);
          return profile && <span key={tabKey(tab)} id={`${tabDomId(tab)}-profile`}>{`Profile ${profile}`}</span>;
        })}
      </div>
      <button type="button" className="button-quiet button-small new-request" aria-keyshortcuts="Alt+N" title="Open another guideline (Alt+N)" onClick={onNew}>
        + Open another
      </button>
      <button
        type="button"
        className="button-quiet button-small new-request"
        aria-keyshortcuts="Alt+Shift+T"
        title="Reopen closed guideline (Alt+Shift+T)"
        disabled={!canReopen}
        onClick={onReopen}
      >
        Reopen closed guideline
      </button>
      {saveError && (
        <span className="save-error small" role="status">
          Open guidelines are not being saved: {saveError}
        </span>
      )}
    </div>
  );
}
