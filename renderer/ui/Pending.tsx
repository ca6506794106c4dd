import type { ReactNode } from 'react';

/** A spinner and a line saying what is loading; `children` follow the line (e.g. the time elapsed). */
export function Pending({ text, busy, children }: { text: ReactNode; busy?: boolean; children?: ReactNode }) {
  return (
    <div className="pending" aria-busy={busy || undefined}>
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
      {children}
    </div>
  );
}
