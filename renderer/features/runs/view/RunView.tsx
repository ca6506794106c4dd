/**
 * PENDING (feat/runs-view replaces this file): one run's view, with its progress, results
 * table, failures filter, opening a result in the Response view, cancel and export.
 */
export function RunView({ runId }: { runId: string }) {
  return <section aria-label="Run">{runId}</section>;
}
