import { useId, useState, type ReactNode } from 'react';
import { useRovingTabs } from './useRovingTabs';

/** One tab: its label and the panel it shows. */
export interface TabSpec {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): one tab stop for the
 * tab list, arrow keys move and activate, Home/End jump. Every panel stays mounted and only
 * the active one is shown, so a half-written request survives switching tabs.
 */
export function Tabs({
  label,
  tabs,
  activeId: controlledId,
  onActivate,
}: {
  label: string;
  tabs: readonly TabSpec[];
  /** When given, the tab in front is the caller's (another section can bring one to front). */
  activeId?: string;
  onActivate?: (id: string) => void;
}) {
  const [ownId, setOwnId] = useState(tabs[0]?.id ?? '');
  const activeId = controlledId ?? ownId;
  const setActiveId = (id: string) => {
    setOwnId(id);
    onActivate?.(id);
  };
  const roving = useRovingTabs(
    tabs.map((tab) => tab.id),
    setActiveId,
  );
  const baseId = useId();
  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
          return (
            <button
              key={tab.id}
              {...roving.tabProps(tab.id, index, selected)}
              id={tabDomId(tab.id)}
              className="tab"
              aria-controls={panelDomId(tab.id)}
              onClick={() => setActiveId(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelDomId(tab.id)}
          aria-labelledby={tabDomId(tab.id)}
          className="tabpanel"
          hidden={tab.id !== activeId}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
