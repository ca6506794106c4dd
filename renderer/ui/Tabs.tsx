import { useId, useState, type ReactNode } from 'react';
import { useRovingTabs } from './useRovingTabs';

/** One tab: its label and the panel it shows. */
export interface TabSpec {
  id: string;
  label: string;
  panel: ReactNode;
}

/** One view: its tab label and a function that renders its panel (called only once it is opened). */
export interface ViewSpec {
  id: string;
  label: string;
  render: () => ReactNode;
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
  const views = tabs.map((tab) => ({ id: tab.id, label: tab.label, render: () => tab.panel }));
  const select = (id: string) => {
    setOwnId(id);
    onActivate?.(id);
  };
  return <TabSet kind="section" label={label} views={views} activeId={controlledId ?? ownId} onSelect={select} />;
}

/**
 * The same tabs for views of one thing, controlled by the caller so the chosen view can outlive
 * the thing shown. Unlike `Tabs`, a panel is rendered only once its tab has been opened, then
 * kept (hidden) so its state survives switching. Views of a large response are costly (a JSON
 * tree, a raw body); building all of them up front would spend time on views nobody opened.
 */
export function ViewTabs(props: {
  label: string;
  views: readonly ViewSpec[];
  activeId: string;
  onSelect: (id: string) => void;
  /** Shown at the end of the tab row (e.g. a size), outside the tab list. */
  extra?: ReactNode;
}) {
  return <TabSet kind="view" {...props} />;
}

/** Class names of the two looks: the app's sections, and views of one thing. */
const LOOKS = {
  section: { root: 'tabs', list: 'tablist', tab: 'tab', panel: 'tabpanel' },
  view: { root: 'view-tabs', list: 'view-tablist', tab: 'view-tab', panel: 'view-panel' },
};

function TabSet({
  kind,
  label,
  views,
  activeId,
  onSelect,
  extra,
}: {
  kind: keyof typeof LOOKS;
  label: string;
  views: readonly ViewSpec[];
  activeId: string;
  onSelect: (id: string) => void;
  extra?: ReactNode;
}) {
  const lazy = kind === 'view';
  const look = LOOKS[kind];
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([activeId]));
  const baseId = useId();
  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;
  const active = !lazy || views.some((view) => view.id === activeId) ? activeId : (views[0]?.id ?? '');
  const mounted = (id: string) => !lazy || opened.has(id) || id === active;

  function select(id: string) {
    setOpened((previous) => (previous.has(id) ? previous : new Set([...previous, id])));
    onSelect(id);
  }
  const roving = useRovingTabs(
    views.map((view) => view.id),
    select,
  );

  const list = (
    <div role="tablist" aria-label={label} className={look.list}>
      {views.map((view, index) => (
        <button
          key={view.id}
          {...roving.tabProps(view.id, index, view.id === active)}
          id={tabDomId(view.id)}
          className={look.tab}
          // Only a panel that exists can be pointed at; unopened ones are not rendered yet.
          aria-controls={mounted(view.id) ? panelDomId(view.id) : undefined}
          onClick={() => select(view.id)}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
  return (
    <div className={look.root}>
      {lazy ? (
        <div className="view-tabs-row">
          {list}
          {extra}
        </div>
      ) : (
        list
      )}
      {views.map((view) =>
        mounted(view.id) ? (
          <div
            key={view.id}
            role="tabpanel"
            id={panelDomId(view.id)}
            aria-labelledby={tabDomId(view.id)}
            className={look.panel}
            hidden={view.id !== active}
          >
            {view.render()}
          </div>
        ) : null,
      )}
    </div>
  );
}
