import { useEffect, useState } from 'react';
import { formatSeconds } from '../../lib/format';

/**
 * Seconds since this element appeared, ticking ten times a second. Mounted only while a
 * request is in flight, so each request starts from zero. Hidden from screen readers: a
 * number changing ten times a second would drown out everything else.
 */
export function Elapsed() {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const start = performance.now();
    const timer = setInterval(() => setMs(performance.now() - start), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="mono elapsed" aria-hidden="true">
      {formatSeconds(ms)}
    </span>
  );
}
