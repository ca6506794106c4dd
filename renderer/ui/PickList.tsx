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
 * The button holds the name only, and the chips and details sit beside it: a button whose
 * visible text is more than its name fails WCAG 2.5.3 (label in name), which speech-input
 * users rely on. The button still covers the whole entry (its ::after is stretched over
 * it, see pickList.css), so a click anywhere on the entry picks it.
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
        const detailsId = `${base}-details-${index}`;
        const metaId = `${base}-meta-${index}`;
        return (
          <li key={item.id} className="pick-entry">
            <span className="pick-row">
              <button
                type="button"
                className="pick-item"
                aria-current={item.id === currentId ? 'true' : undefined}
                aria-describedby={item.extra ? `${metaId} ${detailsId}` : detailsId}
                title={item.id}
                onClick={() => onPick(item.id)}
              >
                {item.name}
              </button>
              {item.extra && (
                <span id={metaId} className="pick-meta">
                  {item.extra}
                </span>
              )}
            </span>
            <span id={detailsId} className="pick-details">
              {item.description && <span className="pick-desc">{item.description}</span>}
              {showIds ? <code className="pick-id">{item.id}</code> : <span className="visually-hidden">{item.id}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
