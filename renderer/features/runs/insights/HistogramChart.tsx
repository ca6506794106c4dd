import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LatencyBin } from '../../../../electron/shared/api';

/**
 * A latency histogram drawn with uPlot (a maintained library that stays fast
 * at 10,000 points; uPlot draws on a canvas and is about 50 kB). This file is its own chunk
 * (LatencyPanel loads it lazily), so uPlot never weighs on the app's first chunk. The chart
 * is decoration for sighted users: the bins are also a table behind a disclosure, and the
 * canvas is hidden from assistive technology.
 */
export function HistogramChart({ bins, label }: { bins: readonly LatencyBin[]; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element || bins.length === 0) return;
    const width = Math.max(240, Math.min(640, element.clientWidth || 480));
    const step = bins[0]!.end - bins[0]!.start;
    const data: uPlot.AlignedData = [bins.map((bin) => bin.start + step / 2), bins.map((bin) => bin.count)];
    const bars = uPlot.paths.bars?.({ size: [0.9, Infinity] });
    const plot = new uPlot(
      {
        width,
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [bins[0]!.start, bins[bins.length - 1]!.end] },
          y: { range: (_plot, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [{ label: 'ms', values: (_plot, ticks) => ticks.map((tick) => String(Math.round(tick * 100) / 100)) }, { label: 'results' }],
        series: [
          {},
          {
            label,
            fill: 'rgba(59, 110, 200, 0.45)',
            stroke: 'rgb(59, 110, 200)',
            width: 1,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          },
        ],
      },
      data,
      element,
    );
    return () => plot.destroy();
  }, [bins, label]);
  return <div ref={holder} className="latency-chart" aria-hidden="true" />;
}
