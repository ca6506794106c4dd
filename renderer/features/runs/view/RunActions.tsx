import { useState } from 'react';
import type { RunExportFormat, RunRecord } from '../../../../electron/shared/api';
import { thrownMessage } from '../../../lib/errorKinds';
import { useDeleteRun, useExportRun } from '../queries/runView';
import { ConfirmStep, useFocusBackOnCancel } from '../../../ui/ConfirmStep';

const FORMATS: Array<{ format: RunExportFormat; label: string; title: string }> = [
  { format: 'junit', label: 'JUnit XML', title: 'For CI dashboards: one test case per result' },
  { format: 'csv', label: 'CSV', title: 'One line per result, for a spreadsheet' },
  { format: 'json', label: 'JSON', title: 'The run and every result, for scripts' },
  { format: 'html', label: 'HTML report', title: 'A self-contained report to share' },
];

/**
 * What can be done with an ended run: export it (the host writes the file's text; it is saved
 * the host's way, the desktop's dialog or a browser download) and delete it after a
 * confirmation. While it runs, the results are not all in: both wait for its end.
 */
export function RunActions({ record, onDeleted }: { record: RunRecord; onDeleted: () => void }) {
  const exportRun = useExportRun();
  const remove = useDeleteRun();
  const [confirming, setConfirming] = useState(false);
  const [deleteRef, focusBack] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  const running = record.state === 'running';
  const saved = exportRun.data;
  const problem = exportRun.error ?? remove.error;
  return (
    <div className="run-actions">
      <div role="group" aria-label="Export run" className="cluster run-export">
        <span className="muted small">Export</span>
        {FORMATS.map(({ format, label, title }) => (
          <button
            key={format}
            type="button"
            className="button-quiet button-small"
            title={running ? 'Export once the run has ended' : title}
            disabled={running || exportRun.isPending}
            onClick={() => exportRun.mutate({ runId: record.runId, format })}
          >
            {label}
          </button>
        ))}
        {!confirming && (
          <button
            ref={deleteRef}
            type="button"
            className="button-quiet button-small button-danger"
            disabled={running}
            title={running ? 'Cancel the run, or let it end, before deleting it' : undefined}
            onClick={() => setConfirming(true)}
          >
            Delete run
          </button>
        )}
      </div>
      {saved && (
        <p role="status" className="muted small">
          {saved.saved ? `Saved ${saved.path ?? saved.fileName}.` : 'Not saved.'}
        </p>
      )}
      {confirming && (
        <ConfirmStep
          label="Confirm delete"
          confirmLabel="Delete run"
          pending={remove.isPending}
          onCancel={() => {
            focusBack();
            setConfirming(false);
          }}
          onConfirm={() => remove.mutate(record.runId, { onSuccess: onDeleted })}
        >
          Delete this run of {record.suiteName} and its {record.completed} results? This cannot be undone.
        </ConfirmStep>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {thrownMessage(problem)}
        </p>
      )}
    </div>
  );
}
