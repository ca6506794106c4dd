import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { GuidelineTabRef } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { guidelineQuery } from './queries/guideline';
import { useHost } from '../../host/HostContext';
import { useKnownGuidelines } from '../catalog/queries/knownLists';
import { useLibraryChanges, useLibraryList } from './queries/library';
import { useProfiles } from '../profile/queries/profiles';
import { IdCombobox } from '../../ui/IdCombobox';
import { PickList } from '../../ui/PickList';
import { GuidelineLibrary } from './library/GuidelineLibrary';
import { shownName } from './library/libraryText';
import { GuidelineShown } from './tabs/GuidelineShown';
import { ReaderFocusContext } from './readerFocus';
import { useGuidelineTabs } from './tabs/GuidelineTabsContext';
import { guidelineTabs, tabKey } from './tabs/guidelineTabsState';
import { stripLabel, useGuidelineTabLabels } from './tabs/useGuidelineTabLabels';
import { DocumentTabStrip } from '../tabs/DocumentTabStrip';

/** Alt+N (Ctrl/Cmd+T belongs to the browser), by physical key as for request tabs. */
const isNewShortcut = (event: KeyboardEvent) =>
  event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN';
/** Alt+Shift+T reopens the last closed guideline tab. */
const isReopenShortcut = (event: KeyboardEvent) =>
  event.altKey && !event.ctrlKey && !event.metaKey && event.shiftKey && event.code === 'KeyT';

/**
 * The Guidelines tab: open a guideline by id (typed, suggested, picked from the known list or
 * from the profile's library) and read it. Each guideline opens in a tab of its own (one
 * guideline of one profile; opening one already open brings its tab to front and fetches it
 * again, so a person can check for changes without retyping). The tabs are kept across restarts
 * (GuidelineTabsContext). Every fetch is filed in the library by the host.
 */
export function GuidelinesPanel() {
  const known = useKnownGuidelines();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const baseId = useId();
  const profileId = useProfiles().data?.activeProfileId;
  const api = useHost();
  const queryClient = useQueryClient();
  const { markRead } = useLibraryChanges();
  const library = useLibraryList(profileId);
  const { state, dispatch, saveError, showBeside } = useGuidelineTabs();
  const labelOf = useGuidelineTabLabels(state.tabs);
  const active = guidelineTabs.active(state);
  const openedId = active !== null && active.profileId === profileId ? active.guidelineId : null;
  // The Guideline field suggests the known guidelines and every one in the library, so an id
  // read once on any profile never has to be pasted again.
  const suggestions = useMemo(() => {
    const knownIds = new Set((known.data ?? []).map((guideline) => guideline.id));
    const kept = (library.data ?? [])
      .filter((entry) => !knownIds.has(entry.guidelineId))
      .map((entry) => ({ id: entry.guidelineId, name: shownName(entry) }));
    return known.data || library.data ? [...(known.data ?? []), ...kept] : undefined;
  }, [known.data, library.data]);

  // Opens run one after another: each waits for its mark-as-read, and two quick opens must
  // still end with the later one in front (the marks can come back in either order).
  const opening = useRef<Promise<void>>(Promise.resolve());
  function open(id: string): Promise<void> {
    const next = opening.current.then(() => openNow(id));
    opening.current = next.catch(() => undefined);
    return next;
  }

  async function openNow(id: string) {
    const trimmed = id.trim();
    if (trimmed === '') {
      setInputError('Enter a guideline id, or pick a known guideline.');
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    if (profileId === undefined) return;
    // Opening marks the version kept so far as read, before this fetch files a newer one: so
    // when it did change, the library says "changed since you last read it" until the next open.
    // An id not in the library yet is refused, which is fine: there was nothing to read.
    await markRead.mutateAsync({ profileId, guidelineId: trimmed }).catch(() => undefined);
    const tab: GuidelineTabRef = { profileId, guidelineId: trimmed };
    const already = state.tabs.some((other) => other.profileId === profileId && other.guidelineId === trimmed);
    dispatch({ type: 'open', tab });
    setFocusReader(tabKey(tab));
    // Already open: fetch it again (a new tab fetches on its own when it is shown).
    if (already) void queryClient.refetchQueries({ queryKey: guidelineQuery(api, profileId, trimmed).queryKey, exact: true });
  }

  const focusField = () => inputRef.current?.focus();
  // The tab whose reader takes focus once it is shown (see readerFocus).
  const [focusReader, setFocusReader] = useState<string | null>(null);
  const readerFocus = useMemo(
    () => ({ wanted: focusReader !== null && focusReader === state.activeKey, done: () => setFocusReader(null) }),
    [focusReader, state.activeKey],
  );
  const shortcuts = useRef({ focusField, reopen: () => dispatch({ type: 'reopen' }) });
  useEffect(() => {
    shortcuts.current = { focusField, reopen: () => dispatch({ type: 'reopen' }) };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Only while the Guidelines section is the one on screen.
      if (!container.current || container.current.closest('[hidden]')) return;
      if (isNewShortcut(event)) shortcuts.current.focusField();
      else if (isReopenShortcut(event)) shortcuts.current.reopen();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const keys = state.tabs.map(tabKey);
  const byKey = new Map(state.tabs.map((tab) => [tabKey(tab), tab]));
  const tabDomId = (key: string) => `${baseId}-gtab-${keys.indexOf(key)}`;
  const panelDomId = `${baseId}-gpanel`;

  return (
    <div className="split-layout" ref={container}>
      <div className="card">
        <form
          className="guideline-form"
          aria-label="Open a guideline"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void open(input);
          }}
        >
          <div className="card-head">
            <h2 className="card-title">Open a guideline</h2>
            <span className="muted small card-subtitle">GET /api/guideline/&#123;guideline&#125;/</span>
          </div>
          <IdCombobox
            label="Guideline"
            value={input}
            onChange={(value) => {
              setInputError(null);
              setInput(value);
            }}
            options={suggestions}
            placeholder="Guideline id"
            error={inputError}
            inputRef={inputRef}
          />
          <div className="actions">
            <button type="submit" className="button-primary">
              Open guideline
            </button>
          </div>
        </form>
        <GuidelineLibrary
          profileId={profileId}
          openedId={openedId}
          onOpen={(id) => {
            setInput(id);
            void open(id);
          }}
        />
        <section className="picker" aria-labelledby={headingId}>
          <h3 id={headingId} className="section-title">
            Known guidelines
          </h3>
          {known.isError && <p className="inline-error">Could not load the known guidelines: {thrownMessage(known.error)}</p>}
          {known.data?.length === 0 && <p className="muted small">No known guidelines for this profile.</p>}
          {known.data && known.data.length > 0 && (
            <PickList
              currentId={openedId}
              items={known.data}
              onPick={(id) => {
                setInput(id);
                void open(id);
              }}
            />
          )}
        </section>
      </div>
      <div className="guideline-tabs">
        <DocumentTabStrip
          label="Open guidelines"
          className="guideline-strip"
          keys={keys}
          activeKey={state.activeKey}
          labelOf={(key) => stripLabel(labelOf(byKey.get(key)!))}
          tabDomId={tabDomId}
          // Only the tab in front has its panel in the page.
          panelDomId={(_, selected) => (selected ? panelDomId : undefined)}
          onActivate={(key) => dispatch({ type: 'activate', tab: byKey.get(key)! })}
          onClose={(key) => dispatch({ type: 'close', tab: byKey.get(key)! })}
          // Closing the last one with Delete puts focus in the Guideline field.
          onEmptied={focusField}
          newButton={{ text: '+ Open another', title: 'Open another guideline (Alt+N)' }}
          onNew={focusField}
          reopenButton={{ text: 'Reopen closed guideline', title: 'Reopen closed guideline (Alt+Shift+T)' }}
          onReopen={() => dispatch({ type: 'reopen' })}
          canReopen={state.closed.length > 0}
          saveError={saveError}
          saveErrorPrefix="Open guidelines are not being saved"
        />
        <div
          role={active ? 'tabpanel' : undefined}
          id={panelDomId}
          aria-labelledby={state.activeKey === null ? undefined : tabDomId(state.activeKey)}
          className="guideline-tab-panel"
        >
          {/* One region for the tab in front; each guideline still gets a reader of its own (keyed in GuidelineView). */}
          <ReaderFocusContext.Provider value={readerFocus}>
            <GuidelineShown
              tab={active}
              toolbar={
                active && (
                  <div className="guideline-view-actions">
                    <button type="button" className="button-quiet button-small" onClick={() => showBeside(active)}>
                      Show beside the workbench
                    </button>
                  </div>
                )
              }
            />
          </ReaderFocusContext.Provider>
        </div>
      </div>
    </div>
  );
}
