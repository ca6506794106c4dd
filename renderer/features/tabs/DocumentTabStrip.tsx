import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useRovingTabs } from '../../ui/useRovingTabs';

/** What one tab shows and says. */
export interface DocumentTabLabel {
  /** The tab's accessible name. */
  name: string;
  /** Its tooltip, before the keys hint. */
  title: string;
  /** A short tag shown after the name (a profile), marked when it needs attention; not part of the name. */
  tag?: { text: string; marked: boolean } | null;
  /** Read after the name (aria-describedby). */
  description?: string | null;
  /** Work in flight in the tab: a spinner, and "Waiting for the agent" read after the name. */
  busy?: boolean;
}

/** A button beside the strip: its text and its tooltip (with its shortcut). */
interface StripButton {
  text: string;
  title: string;
}

interface DocumentTabStripProps {
  /** The tab list's accessible name. */
  label: string;
  className?: string;
  /** Tab keys, in strip order. */
  keys: readonly string[];
  activeKey: string | null;
  labelOf: (key: string) => DocumentTabLabel;
  tabDomId: (key: string) => string;
  /** The panel a tab controls; undefined when it is not in the page. */
  panelDomId: (key: string, selected: boolean) => string | undefined;
  onActivate: (key: string) => void;
  onClose: (key: string) => void;
  /** The last tab was closed with Delete: where focus goes then (else it stays on the tab taking its place). */
  onEmptied?: () => void;
  /** Naming tabs (F2 or a double-click): the name the field starts with, and what to do with the new one. */
  rename?: { initial: (key: string) => string; apply: (key: string, title: string) => void };
  /** "New" (Alt+N) and "Reopen closed" (Alt+Shift+T); the shortcuts are handled by the section on screen. */
  newButton: StripButton;
  onNew: () => void;
  reopenButton: StripButton;
  onReopen: () => void;
  canReopen: boolean;
  /** Why the tabs could not be saved, or null; shown after `saveErrorPrefix`. */
  saveError: string | null;
  saveErrorPrefix: string;
}

/**
 * A strip of document tabs (ARIA tabs, automatic activation, useRovingTabs): arrow keys, Home and
 * End move; Delete closes the focused tab and focus goes to the tab taking its place; F2 or a
 * double-click names it when naming is offered. Each tab shows a × for the mouse; it is part of
 * the tab (not a button inside the tab list, which would break the list's structure for screen
 * readers), and Delete is its keyboard equivalent.
 */
export function DocumentTabStrip(props: DocumentTabStripProps) {
  const { keys, activeKey, labelOf, tabDomId, panelDomId, onActivate, onClose, onEmptied, rename } = props;
  const roving = useRovingTabs(keys, onActivate);
  const [renaming, setRenaming] = useState<string | null>(null);
  const shortcuts = rename ? 'Delete F2' : 'Delete';
  const hint = rename ? 'Delete closes, F2 renames' : 'Delete closes';

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number, key: string) {
    if (roving.moveFrom(event, index)) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      // Focus stays in the strip: on the tab that takes this one's place.
      const next = keys[index + 1] ?? keys[index - 1];
      onClose(key);
      if (next !== undefined) requestAnimationFrame(() => roving.focus(next));
      else onEmptied?.();
    } else if (event.key === 'F2' && rename) {
      event.preventDefault();
      setRenaming(key);
    }
  }

  function onTabClick(event: MouseEvent<HTMLButtonElement>, key: string) {
    if ((event.target as HTMLElement).closest('[data-close-tab]')) onClose(key);
    else onActivate(key);
  }

  const renamingKey = renaming !== null && keys.includes(renaming) ? renaming : null;

  return (
    <div className={props.className ? `cluster request-strip ${props.className}` : 'cluster request-strip'}>
      {keys.length > 0 && (
        <div role="tablist" aria-label={props.label} className="request-tabs">
          {keys.map((key, index) => {
            const selected = key === activeKey;
            const { name, title, tag, description, busy } = labelOf(key);
            const id = tabDomId(key);
            const describedBy = [busy && `${id}-busy`, description && `${id}-description`].filter(Boolean).join(' ');
            return (
              <button
                key={key}
                {...roving.tabProps(key, index, selected)}
                id={id}
                className="request-tab"
                aria-controls={panelDomId(key, selected)}
                aria-keyshortcuts={shortcuts}
                aria-describedby={describedBy || undefined}
                title={`${title} (${hint})`}
                onClick={(event) => onTabClick(event, key)}
                onDoubleClick={rename && (() => setRenaming(key))}
                onKeyDown={(event) => onKeyDown(event, index, key)}
              >
                {busy && <span className="spinner spinner-small" aria-hidden="true" />}
                <span className="request-tab-label">{name}</span>
                {tag && (
                  // The tab's name stays the document's; the tag is read through its description.
                  <span
                    className={tag.marked ? 'request-tab-profile request-tab-profile-elsewhere' : 'request-tab-profile'}
                    aria-hidden="true"
                  >
                    {tag.text}
                  </span>
                )}
                {busy && (
                  // aria-hidden keeps it out of the tab's name; aria-describedby still reads it.
                  <span id={`${id}-busy`} className="visually-hidden" aria-hidden="true">
                    Waiting for the agent
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
      {/* The tabs' descriptions (aria-describedby), outside the tab list, which may hold only tabs. */}
      <div className="visually-hidden" aria-hidden="true">
        {keys.map((key) => {
          const { description } = labelOf(key);
          return (
            description && (
              <span key={key} id={`${tabDomId(key)}-description`}>
                {description}
              </span>
            )
          );
        })}
      </div>
      <StripAction button={props.newButton} shortcut="Alt+N" onClick={props.onNew} />
      <StripAction button={props.reopenButton} shortcut="Alt+Shift+T" disabled={!props.canReopen} onClick={props.onReopen} />
      {rename && renamingKey !== null && (
        <RenameField
          key={renamingKey}
          initial={rename.initial(renamingKey)}
          onDone={(title) => {
            if (title !== null) rename.apply(renamingKey, title);
            setRenaming(null);
            roving.focus(renamingKey);
          }}
        />
      )}
      {props.saveError && (
        <span className="save-error small" role="status">
          {props.saveErrorPrefix}: {props.saveError}
        </span>
      )}
    </div>
  );
}

/** "New" or "Reopen closed" beside the strip, with its shortcut. */
function StripAction({
  button,
  shortcut,
  disabled,
  onClick,
}: {
  button: StripButton;
  shortcut: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button-quiet button-small new-request"
      aria-keyshortcuts={shortcut}
      title={button.title}
      disabled={disabled}
      onClick={onClick}
    >
      {button.text}
    </button>
  );
}

/** Names a tab: Enter (or leaving the field) keeps the name, Escape drops it; an empty name goes back to the default one. */
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
