import { useId, useState, type ReactNode } from 'react';
import { useRovingTabs } from './useRovingTabs';

/** One view: its tab label and a function that renders its panel (called only once it is opened). */
export interface ViewSpec {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * ARIA tabs for views of one thing (automatic activation, arrow keys, Home/End), controlled
 * by the caller so the chosen view can outlive the thing shown.
 *
 * Unlike `Tabs`, a panel is rendered only once its tab has been opened, then kept (hidden)
 * so its state survives switching. Views of a large response are costly (a JSON tree, a raw
 * body); building all of them up front would spend time on views nobody opened.
 */
export function ViewTabs({
  label,
  views,
  activeId,
  onSelect,
  extra,
}: {
  label: string;
  views: readonly ViewSpec[];
  activeId: string;
  onSelect: (id: string) => void;
  /** Shown at the end of the tab row (e.g. a size), outside the tab list. */
  extra?: ReactNode;
}) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([activeId]));
  const baseId = useId();
  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;
  const active = views.some((view) => view.id === activeId) ? activeId : (views[0]?.id ?? '');

  function select(id: string) {
    setOpened((previous) => (previous.has(id) ? previous : new Set([...previous, id])));
    onSelect(id);
  }
  const roving = useRovingTabs(
    views.map((view) => view.id),
    select,
  );

  return (
    <div className="view-tabs">
      <div className="view-tabs-row">
        <div role="tablist" aria-label={label} className="view-tablist">
          {views.map((view, index) => (
            <button
              key={view.id}
              {...roving.tabProps(view.id, index, view.id === active)}
              id={tabDomId(view.id)}
              className="view-tab"
              // Only a panel that exists can be pointed at; unopened ones are not rendered yet.
              aria-controls={opened.has(view.id) || view.id === active ? panelDomId(view.id) : undefined}
              onClick={() => select(view.id)}
            >
              {view.label}
            </button>
          ))}
        </div>
        {extra}
      </div>
      {views.map((view) =>
        opened.has(view.id) || view.id === active ? (
          <div
            key={view.id}
            role="tabpanel"
            id={panelDomId(view.id)}
            aria-labelledby={tabDomId(view.id)}
            className="view-panel"
            hidden={view.id !== active}
          >
            {view.render()}
          </div>
        ) : null,
      )}
    </div>
  );
}
