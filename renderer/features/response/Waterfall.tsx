import type { ExchangeTiming } from '../../../electron/shared/api';
import { formatMs } from '../../lib/format';

/** The phases in the order they happen, with the names people know them by. */
const PHASES = [
  { id: 'dns', label: 'DNS', hint: 'Looking up the host name' },
  { id: 'connect', label: 'Connect', hint: 'Opening the TCP connection' },
  { id: 'tls', label: 'TLS', hint: 'The TLS handshake' },
  { id: 'send', label: 'Send', hint: 'Writing the request' },
  { id: 'wait', label: 'Wait', hint: 'Waiting for the first byte: the server’s time plus one network round' },
  { id: 'download', label: 'Download', hint: 'From the first byte of the answer to its last' },
] as const;

/** Set-up phases a reused connection skips. */
const SETUP = new Set<string>(['dns', 'connect', 'tls']);

/**
 * Each phase with where it starts (the sum of the phases before it) and the scale to draw
 * them on: the total, or the phases' sum if rounding made that a little larger.
 */
function waterfallRows(timing: ExchangeTiming) {
  const starts = PHASES.map((_, index) => PHASES.slice(0, index).reduce((sum, phase) => sum + (timing[phase.id] ?? 0), 0));
  const rows = PHASES.map((phase, index) => ({ ...phase, ms: timing[phase.id], start: starts[index] ?? 0 }));
  const measured = rows.reduce((sum, row) => sum + (row.ms ?? 0), 0);
  return { rows, scale: Math.max(timing.total, measured) };
}

/**
 * Where the round trip went, as a waterfall: each phase's bar starts where the previous one
 * ended, on one scale (the total). A phase that did not happen shows a dash and why, never a
 * made-up zero. The bars are decoration; the numbers beside them carry the information.
 */
export function Waterfall({ timing }: { timing: ExchangeTiming }) {
  const { rows, scale } = waterfallRows(timing);

  return (
    <div className="waterfall">
      <table className="wf-table">
        <caption className="wf-caption">
          Phases
          {timing.reusedConnection && <span className="chip wf-reused">reused connection</span>}
        </caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Bar</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.ms === null ? 'wf-skipped' : undefined} title={row.hint}>
              <th scope="row">{row.label}</th>
              <td className="wf-bar-cell">
                <span className="wf-track" aria-hidden="true">
                  {row.ms !== null && scale > 0 && (
                    <span
                      className={`wf-bar wf-${row.id}`}
                      style={{ left: `${(row.start / scale) * 100}%`, width: `${(row.ms / scale) * 100}%` }}
                    />
                  )}
                </span>
              </td>
              <td className="wf-ms">
                {row.ms !== null ? (
                  formatMs(row.ms)
                ) : timing.reusedConnection && SETUP.has(row.id) ? (
                  '— reused'
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">did not happen</span>
                  </>
                )}
              </td>
            </tr>
          ))}
          <tr className="wf-total">
            <th scope="row">Total</th>
            <td />
            <td className="wf-ms">{formatMs(timing.total)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
