import type { ReactNode } from 'react';

/** A button that stays pressed while its setting is on (aria-pressed), in the .toggle look. */
export function ToggleButton({
  pressed,
  onToggle,
  title,
  disabled,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  title?: string | undefined;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <button type="button" className="toggle" aria-pressed={pressed} title={title} disabled={disabled} onClick={onToggle}>
      {children}
    </button>
  );
}
