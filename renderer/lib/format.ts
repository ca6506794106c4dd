import { enUsNumberFormat } from '../../electron/shared/numberFormat';

/**
 * Number formatting for timings. Fixed to en-US so that the same duration reads the same in
 * every host and test, whatever the machine's locale.
 */
const WHOLE = enUsNumberFormat({ maximumFractionDigits: 0 });
const ONE_DECIMAL = enUsNumberFormat({ maximumFractionDigits: 1 });

/** "850 ms", "1,204 ms", "12.5 ms": one decimal only where it still carries meaning. */
export function formatMs(ms: number): string {
  const format = Math.abs(ms) < 100 ? ONE_DECIMAL : WHOLE;
  return `${format(ms)} ms`;
}

/** "2 KB"-style size for response bodies. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${ONE_DECIMAL(bytes / 1024)} KB`;
  return `${ONE_DECIMAL(bytes / (1024 * 1024))} MB`;
}

/** "12.3 s" for a live elapsed counter. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
