import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LatencyBin, Percentiles } from '../../../../electron/shared/api';
import { formatMs } from '../../../lib/format';
import { useHost } from '../../../host/HostContext';
import { runLatencyQuery } from '../queries/runs';
import { Disclosure } from '../../../ui/Disclosure';
import { ErrorBoundary } from '../../../ui/ErrorBoundary';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { lazyComponent } from '../../../ui/lazyComponent';
import { Pending } from '../../../ui/Pending';

const chart = lazyComponent(
  () => import('./HistogramChart'),
  'HistogramChart',
  <p className="muted small lazy-loading">Loading the chart…</p>,
);

/**
 * Whether this page can draw on a canvas. jsdom (the component tests) has neither matchMedia,
 * which uPlot reads for the pixel ratio, nor a 2D context: there the chart is left out and the
 * text and table still show.
 */
export function canDrawCharts(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** "p50 12 ms · p95 30 ms · p99 41 ms (of 1,000)". */
function percentilesText(percentiles: Percentiles): string {
  return (
    `p50 ${formatMs(percentiles.p50)} · p95 ${formatMs(percentiles.p95)} · ` +
    `p99 ${formatMs(percentiles.p99)} (of ${percentiles.count.toLocaleString('en-US')})`
  );
}

/** The Latency tab: percentiles and a histogram of round trip and of server time, as the host counted them (getRunLatency). */
export function LatencyPanel({ runId }: { runId: string }) {
  const latency = useQuery(runLatencyQuery(useHost(), runId));
  if (latency.isError) return <HostErrorPanel error={latency.error} />;
  if (!latency.data) return <Pending text="Loading the latency…" />;
  const { roundTripBins, serverBins, roundTrip, server } = latency.data;
  return (
    <div className="run-latency">
      <LatencyFigure title="Round trip" bins={roundTripBins} percentiles={roundTrip} none="No round trip was measured." />
      <LatencyFigure title="Server time" bins={serverBins} percentiles={server} none="No answer said how long the server took." />
    </div>
  );
}

function LatencyFigure({
  title,
  bins,
  percentiles,
  none,
}: {
  title: string;
  bins: readonly LatencyBin[];
  percentiles: Percentiles | null;
  none: string;
}) {
  const [draw] = useState(canDrawCharts);
  return (
    <section className="latency-figure" aria-label={title}>
      <h3 className="latency-title">{title}</h3>
      {percentiles === null || bins.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <>
          <p className="latency-percentiles">{percentilesText(percentiles)}</p>
          {draw && (
            <ErrorBoundary
              fallback={() => <p className="muted small">The chart could not be drawn; the table below has the same numbers.</p>}
            >
              <chart.Component bins={bins} label={title} />
            </ErrorBoundary>
          )}
          <Disclosure summary={`${title} histogram as a table`}>
            <BinTable bins={bins} title={title} />
          </Disclosure>
        </>
      )}
    </section>
  );
}

function BinTable({ bins, title }: { bins: readonly LatencyBin[]; title: string }) {
  return (
    <table className="data-table latency-bins" aria-label={`${title} histogram`}>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">To (not included)</th>
          <th scope="col">Results</th>
        </tr>
      </thead>
      <tbody>
        {bins.map((bin) => (
          <tr key={bin.start}>
            <td>{formatMs(bin.start)}</td>
            <td>{formatMs(bin.end)}</td>
            <td>{bin.count.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
