import { useState, type ReactNode } from 'react';

/**
 * A `<details>` whose content is only rendered while it is open. Raw bodies and markdown
 * sources can be large, and a closed copy of a guideline's text would otherwise sit in the
 * page twice (confusing find-in-page and assistive technology alike).
 */
export function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="disclosure" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}
