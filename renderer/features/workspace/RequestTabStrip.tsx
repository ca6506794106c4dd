import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useRovingTabs } from '../../ui/useRovingTabs';
import type { ProfilesState } from '../../../electron/shared/contract';
import type { RequestTab } from './tabsState';

/** Where a tab's request goes, in words, and whether that is not the active profile. */
function tabProfile(tab: RequestTab, profiles: ProfilesState | undefined): { name: string; elsewhere: boolean } | null {
  if (!profiles || tab.profileId === null) return null;
  const profile = profiles.profiles.find((candidate) => candidate.id === tab.profileId);
  return { name: profile?.name ?? 'a deleted profile', elsewhere: tab.profileId !== profiles.activeProfileId };
}

interface RequestTabStripProps {
  tabs: readonly RequestTab[];
  activeId: string;
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

/**
 * The request tabs (ARIA tabs, automatic activation): arrow keys, Home and End move; Delete
 * closes the focused tab; F2 or a double-click names it. Each tab shows a × for the mouse;
 * it is part of the tab (not a button inside the tab list, which would break the list's
 * structure for screen readers), and Delete is its keyboard equivalent.
 */
export function RequestTabStrip(props: RequestTabStripProps) {
  const { tabs, activeId, labels, profiles, inFlight, tabDomId, panelDomId, onActivate, onClose, onNew, onReopen, canReopen, onRename, saveError } = props;
  const roving = useRovingTabs(
    tabs.map((tab) => tab.id),
    onActivate,
  );
  const [renaming, setRenaming] = useState<string | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number, id: string) {
    if (roving.moveFrom(event, index)) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      // Focus stays in the strip: on the tab that takes this one's place.
      const next = tabs[index + 1] ?? tabs[index - 1];
      onClose(id);
      if (next) requestAnimationFrame(() => roving.focus(next.id));
    } else if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(id);
    }
  }

  function onTabClick(event: MouseEvent<HTMLButtonElement>, id: string) {
    if ((event.target as HTMLElement).closest('[data-close-tab]')) onClose(id);
    else onActivate(id);
  }

  const renamingTab = tabs.find((tab) => tab.id === renaming);
  // Each tab shows its profile once the tabs span more than one; a tab whose profile is not the
  // active one always shows it (marked), since sending it asks first.
  const showProfiles = new Set(tabs.map((tab) => tab.profileId)).size > 1;

  return (
    <div className="request-strip">
      <div role="tablist" aria-label="Requests" className="request-tabs">
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
          const label = labels.get(tab.id) ?? 'Request';
          const busy = inFlight.has(tab.id);
          const profile = tabProfile(tab, profiles);
          const profileText = profile && (showProfiles || profile.elsewhere)
            ? profile.elsewhere
              ? `For profile ${profile.name}, not the active profile`
              : `For profile ${profile.name}`
            : null;
          const describedBy = [busy && `${tabDomId(tab.id)}-busy`, profileText && `${tabDomId(tab.id)}-profile`].filter(Boolean).join(' ');
          return (
            <button
              key={tab.id}
              {...roving.tabProps(tab.id, index, selected)}
              id={tabDomId(tab.id)}
              className="request-tab"
              aria-controls={panelDomId(tab.id)}
              aria-keyshortcuts="Delete F2"
              aria-describedby={describedBy || undefined}
              title={`${label}${profileText ? ` — ${profileText}` : ''}${busy ? ', waiting for the agent' : ''} (Delete closes, F2 renames)`}
              onClick={(event) => onTabClick(event, tab.id)}
              onDoubleClick={() => setRenaming(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index, tab.id)}
            >
              {busy && <span className="spinner spinner-small" aria-hidden="true" />}
              <span className="request-tab-label">{label}</span>
              {profileText && profile && (
                // The tab's name stays the request's; the profile is its description (read after the name).
                <span className={profile.elsewhere ? 'request-tab-profile request-tab-profile-elsewhere' : 'request-tab-profile'} aria-hidden="true">
                  {profile.name}
                </span>
              )}
              {busy && (
                // aria-hidden keeps it out of the tab's name; aria-describedby still reads it.
                <span id={`${tabDomId(tab.id)}-busy`} className="visually-hidden" aria-hidden="true">
                  Waiting for the agent
                </span>
              )}
              <span className="request-tab-close" aria-hidden="true" data-close-tab="" title={`Close ${label}`}>
                ×
              </span>
            </button>
          );
        })}
      </div>
      {/* The tabs' profile descriptions (aria-describedby); outside the tab list, which may hold only tabs. */}
      <div className="visually-hidden" aria-hidden="true">
        {tabs.map((tab) => {
          const profile = tabProfile(tab, profiles);
          return (
            profile &&
            (showProfiles || profile.elsewhere) && (
              <span key={tab.id} id={`${tabDomId(tab.id)}-profile`}>
                {profile.elsewhere ? `For profile ${profile.name}, not the active profile` : `For profile ${profile.name}`}
              </span>
            )
          );
        })}
      </div>
      <button type="button" className="button-quiet button-small new-request" aria-keyshortcuts="Alt+N" title="New request (Alt+N)" onClick={onNew}>
        + New request
      </button>
      <button
        type="button"
        className="button-quiet button-small new-request"
        aria-keyshortcuts="Alt+Shift+T"
        title="Reopen closed tab (Alt+Shift+T)"
        disabled={!canReopen}
        onClick={onReopen}
      >
        Reopen closed tab
      </button>
      {renamingTab && (
        <RenameField
          key={renamingTab.id}
          initial={renamingTab.title || labels.get(renamingTab.id) || ''}
          onDone={(title) => {
            if (title !== null) onRename(renamingTab.id, title);
            setRenaming(null);
            roving.focus(renamingTab.id);
          }}
        />
      )}
      {saveError && (
        <span className="save-error small" role="status">
          Drafts are not being saved: {saveError}
        </span>
      )}
    </div>
  );
}

/** Names a tab: Enter (or leaving the field) keeps the name, Escape drops it; an empty name goes back to the agent's. */
function RenameField({ initial, onDone }: { initial: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (title: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(title);
  };
  return (
    <input
      className="input rename-tab"
      aria-label="Tab name"
      // Opened on purpose by F2 or a double-click, so taking focus is what the user asked for.
      autoFocus
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(value);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(null);
        }
      }}
    />
  );
}
