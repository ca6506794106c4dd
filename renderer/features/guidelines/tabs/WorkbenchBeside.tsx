import { useId, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useLibraryList } from '../queries/library';
import { useProfiles } from '../../profile/queries/profiles';
import { SectionBoundary } from '../../../ui/ErrorBoundary';
import { shownName } from '../library/libraryText';
import { GuidelineShown } from './GuidelineShown';
import { useGuidelineTabs } from './GuidelineTabsContext';
import { tabKey } from './guidelineTabsState';
import { useGuidelineTabLabels } from './useGuidelineTabLabels';

const MIN_WIDTH = 240;
const MAX_WIDTH = 1200;
const STEP = 40;
const clampWidth = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));

/**
 * The invoke workbench with a guideline beside it, so an analyst checks an answer
 * against the rule it must follow without switching sections. The panel is collapsible (its
 * toggle says whether it is expanded), its guideline is picked here (any open guideline tab, or
 * any in the active profile's library) or sent from a guideline's "Show beside the workbench",
 * and its width is set by dragging the separator or with the arrow keys on it. All of it is
 * kept across restarts with the guideline tabs.
 */
export function WorkbenchBeside({ children }: { children: ReactNode }) {
  const { state, dispatch } = useGuidelineTabs();
  const { guideline, open, width } = state.beside;
  const panelId = useId();
  const pickId = useId();
  const profileId = useProfiles().data?.activeProfileId;
  const library = useLibraryList(profileId);
  const labelOf = useGuidelineTabLabels(guideline ? [...state.tabs, guideline] : state.tabs);
  const drag = useRef<{ x: number; width: number } | null>(null);

  // The choices: the open tabs first, then the rest of the active profile's library.
  const choices: { tab: GuidelineTabRef; name: string }[] = [];
  const add = (tab: GuidelineTabRef, name: string) => {
    if (!choices.some((choice) => tabKey(choice.tab) === tabKey(tab))) choices.push({ tab, name });
  };
  if (guideline) add(guideline, labelOf(guideline).name);
  for (const tab of state.tabs) {
    const label = labelOf(tab);
    add(tab, label.profile ? `${label.name} (${label.profile})` : label.name);
  }
  if (profileId !== undefined) for (const entry of library.data ?? []) add({ profileId, guidelineId: entry.guidelineId }, shownName(entry));

  const setWidth = (next: number) => dispatch({ type: 'beside', beside: { width: clampWidth(next) } });
  const onSeparatorKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // The panel is on the right: Left widens it, Right narrows it.
    const moves: Record<string, number> = { ArrowLeft: width + STEP, ArrowRight: width - STEP, Home: MAX_WIDTH, End: MIN_WIDTH };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setWidth(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, width };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(drag.current.width + (drag.current.x - event.clientX));
  };

  const toggle = (
    <button
      type="button"
      className="button-quiet button-small beside-toggle"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => dispatch({ type: 'beside', beside: { open: !open } })}
    >
      {open ? 'Hide guideline' : 'Guideline beside'}
    </button>
  );

  return (
    <div
      className={open ? 'workbench-beside workbench-beside-open' : 'workbench-beside'}
      style={open ? { ['--beside-width' as string]: `${width}px` } : undefined}
    >
      <div className="workbench-main">{children}</div>
      {!open && <div className="beside-collapsed">{toggle}</div>}
      {open && (
        <>
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label="Width of the guideline beside the workbench"
            aria-controls={panelId}
            aria-valuenow={width}
            aria-valuemin={MIN_WIDTH}
            aria-valuemax={MAX_WIDTH}
            tabIndex={0}
            className="beside-separator"
            title="Drag, or use the arrow keys, to resize"
            onKeyDown={onSeparatorKey}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
          />
          <aside className="beside-panel" id={panelId} aria-label="Guideline beside the workbench">
            <div className="beside-head">
              <label htmlFor={pickId} className="small">
                Guideline to show
              </label>
              <select
                id={pickId}
                className="input beside-pick"
                value={guideline ? tabKey(guideline) : ''}
                onChange={(event) => {
                  const choice = choices.find((candidate) => tabKey(candidate.tab) === event.target.value);
                  dispatch({ type: 'beside', beside: { guideline: choice?.tab ?? null } });
                }}
              >
                <option value="">None</option>
                {choices.map((choice) => (
                  <option key={tabKey(choice.tab)} value={tabKey(choice.tab)}>
                    {choice.name}
                  </option>
                ))}
              </select>
              {toggle}
            </div>
            {guideline ? (
              // A boundary of its own: a guideline that fails to render leaves the workbench working.
              <SectionBoundary name="Guideline beside the workbench">
                <GuidelineShown key={tabKey(guideline)} tab={guideline} label="Guideline beside the workbench" />
              </SectionBoundary>
            ) : (
              <p className="muted small">Pick a guideline here, or press “Show beside the workbench” on one in Guidelines.</p>
            )}
          </aside>
        </>
      )}
    </div>
  );
}
