import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useLibraryList } from '../queries/library';
import { useProfiles } from '../../profile/queries/profiles';
import { SectionBoundary } from '../../../ui/ErrorBoundary';
import { SegmentedToggle } from '../../../ui/SegmentedToggle';
import { useSeparator } from '../../../ui/useSeparator';
import { AnswerPlaceContext, type AnswerInView, type AnswerPlace } from './answerPlace';
import { shownName } from '../library/libraryText';
import { GuidelineShown } from './GuidelineShown';
import { useGuidelineTabs } from './GuidelineTabsContext';
import { tabKey } from './guidelineTabsState';
import { useGuidelineTabLabels } from './useGuidelineTabLabels';

const MIN_WIDTH = 240;
const MAX_WIDTH = 1200;
const STEP = 40;
/** The least width the request and its answer need side by side; narrower, the guideline takes the answer's place. */
const WORKBENCH_MIN = 700;
const PLACES = [
  { value: 'answer', label: 'Answer' },
  { value: 'guideline', label: 'Guideline' },
] as const;

/** The width of an element, followed as the window changes (null until measured, or where it cannot be). */
function useWidth(element: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The invoke workbench with a guideline beside it, so an analyst checks an answer
 * against the rule it must follow without switching sections. The panel is collapsible (its
 * toggle says whether it is expanded), its guideline is picked here (any open guideline tab, or
 * any in the active profile's library) or sent from a guideline's "Show beside the workbench",
 * and its width is set by dragging the separator or with the arrow keys on it. All of it is
 * kept across restarts with the guideline tabs. Three columns (request, answer, guideline) only
 * where they fit: narrower, the guideline takes the answer's place, with a toggle between the two.
 */
export function WorkbenchBeside({ children }: { children: ReactNode }) {
  const { state, dispatch } = useGuidelineTabs();
  const { guideline, open, width } = state.beside;
  const panelId = useId();
  const pickId = useId();
  const profileId = useProfiles().data?.activeProfileId;
  const library = useLibraryList(profileId);
  const labelOf = useGuidelineTabLabels(guideline ? [...state.tabs, guideline] : state.tabs);
  const root = useRef<HTMLDivElement>(null);
  const available = useWidth(root);
  // What the person chose for the answer's place, for the guideline and panel it was chosen with:
  // a guideline just sent here, or the panel just opened, is what they want to see.
  const [chosen, setChosen] = useState<{ place: 'answer' | 'guideline'; key: string } | null>(null);
  const placeKey = `${guideline ? tabKey(guideline) : ''}|${open}`;
  const place = chosen?.key === placeKey ? chosen.place : 'guideline';
  const setPlace = (next: 'answer' | 'guideline') => setChosen({ place: next, key: placeKey });

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

  const separator = useSeparator({
    value: width,
    min: MIN_WIDTH,
    max: MAX_WIDTH,
    step: STEP,
    sizesRight: true,
    onChange: (next) => dispatch({ type: 'beside', beside: { width: next } }),
    fromDrag: (start, dx) => start - dx,
    label: 'Width of the guideline beside the workbench',
    controls: panelId,
  });
  // The panel is at most 60% of the window (see the CSS): the width it takes is what is left to compare.
  const shownWidth = available === null ? width : Math.min(width, window.innerWidth * 0.6);
  const swapping = open && available !== null && available - shownWidth < WORKBENCH_MIN;
  const guidelineInAnswerPlace = swapping && place === 'guideline';
  // The answer the request tab in front shows, judged against the guideline beside on request.
  const [answerInView, setAnswerInView] = useState<AnswerInView | null>(null);
  const answerPlace = useMemo<AnswerPlace>(
    () => ({
      guidelineShown: guidelineInAnswerPlace,
      showAnswer: () => setChosen({ place: 'answer', key: placeKey }),
      reportAnswer: setAnswerInView,
    }),
    [guidelineInAnswerPlace, placeKey],
  );

  const toggle = (
    <button
      type="button"
      className="button-quiet button-small beside-toggle"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => dispatch({ type: 'beside', beside: { open: !open } })}
    >
      {open ? 'Hide guideline' : 'Show beside the workbench'}
    </button>
  );
  const placeToggle = swapping && (
    <SegmentedToggle label="In the answer’s place" options={PLACES} value={place} onChange={(next) => setPlace(next)} />
  );

  return (
    <div
      ref={root}
      className={[
        'workbench-beside',
        open ? 'workbench-beside-open' : '',
        swapping ? 'workbench-beside-swapping' : '',
        !open || (swapping && !guidelineInAnswerPlace) ? 'workbench-beside-toggles-top' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={open ? { ['--beside-width' as string]: `${width}px` } : undefined}
    >
      <div className="workbench-main">
        <AnswerPlaceContext.Provider value={answerPlace}>{children}</AnswerPlaceContext.Provider>
      </div>
      {!open && <div className="beside-collapsed">{toggle}</div>}
      {open && !guidelineInAnswerPlace && swapping && (
        <div className="beside-collapsed">
          {placeToggle}
          {toggle}
        </div>
      )}
      {open && (
        <>
          <div {...separator} className="pane-separator" hidden={swapping && !guidelineInAnswerPlace} />
          <aside
            className="beside-panel"
            id={panelId}
            aria-label="Guideline beside the workbench"
            hidden={swapping && !guidelineInAnswerPlace}
          >
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
              {placeToggle}
              {toggle}
            </div>
            {guideline ? (
              // A boundary of its own: a guideline that fails to render leaves the workbench working.
              <SectionBoundary name="Guideline beside the workbench">
                <GuidelineShown key={tabKey(guideline)} tab={guideline} label="Guideline beside the workbench" answer={answerInView} />
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
