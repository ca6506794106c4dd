import { useId, type ReactNode } from 'react';

/** One entry of a pick list. */
export interface PickItem {
  id: string;
  name: string;
  description: string;
  /** Extra facts beside the name (chips). */
  extra?: ReactNode;
}

/**
 * A compact list of things to pick (known agents, known guidelines). Each entry is a button
 * named by its name alone, with description and id as its accessible description, so a
 * screen reader announces "Support reply drafter, button" and the detail after a pause.
 */
export function PickList({
  items,
  currentId,
  onPick,
  showIds = true,
}: {
  items: readonly PickItem[];
  currentId: string | null;
  onPick: (id: string) => void;
  /** Show each id under the description (guidelines); agents show theirs in the Agent field once picked. */
  showIds?: boolean;
}) {
  const base = useId();
  return (
    <ul className="pick-list">
      {items.map((item, index) => {
        const nameId = `${base}-name-${index}`;
        const detailsId = `${base}-details-${index}`;
        return (
          <li key={item.id}>
            <button
              type="button"
              className="pick-item"
              aria-current={item.id === currentId ? 'true' : undefined}
              aria-labelledby={nameId}
              aria-describedby={detailsId}
              title={item.id}
              onClick={() => onPick(item.id)}
            >
              <span className="pick-row">
                <span id={nameId} className="pick-name">
                  {item.name}
                </span>
                {item.extra && <span className="pick-meta">{item.extra}</span>}
              </span>
              <span id={detailsId} className="pick-details">
                {item.description && <span className="pick-desc">{item.description}</span>}
                {showIds ? <code className="pick-id">{item.id}</code> : <span className="visually-hidden">{item.id}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
