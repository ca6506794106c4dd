/**
 * PENDING (feat/runs-insights replaces this file): a finished run's matrix (several agents),
 * latency percentiles and histograms, and Compare with another run of the same suite.
 */
export function RunInsights({ runId }: { runId: string }) {
  return <section aria-label="Run insights" data-run-id={runId} />;
}
