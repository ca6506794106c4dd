import { useId, useState } from 'react';
import { MAX_REPORT_ENTRIES, MAX_REPORT_NOTE_CHARS } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useExportReport, type ExportedReport } from './queries/historyReport';
import { ModalDialog } from '../../ui/ModalDialog';
import { TextField } from '../../ui/FormFields';

type ReportFormat = 'html' | 'json';
const FORMAT_NAME: Record<ReportFormat, string> = { html: 'HTML report', json: 'JSON bundle' };

/**
 * **Export report** for one entry (the opened one) or a selection: opens the dialog where the
 * person writes a note and saves the report as a page to read and print, or as a JSON bundle.
 */
export function ExportReportButton({ ids, className = 'button-quiet button-small' }: { ids: readonly number[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  // More than a report takes: said before the note is written, not by the host after.
  const tooMany = ids.length > MAX_REPORT_ENTRIES;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        disabled={ids.length === 0 || tooMany}
        aria-describedby={tooMany ? hintId : undefined}
      >
        Export report
      </button>
      {tooMany && (
        <span id={hintId} className="small muted">
          A report takes at most {MAX_REPORT_ENTRIES} entries ({ids.length.toLocaleString()} are selected).
        </span>
      )}
      {open && <ExportReportDialog ids={ids} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Where the file went, in words: the desktop's path, a browser download, or a cancelled dialog. */
function savedMessage(format: ReportFormat, report: ExportedReport): string {
  if (!report.saved) return `The ${FORMAT_NAME[format]} was not saved: the save dialog was cancelled.`;
  if (report.path === null)
    return `The ${FORMAT_NAME[format]} was downloaded as ${report.fileName}: your browser keeps it with its downloads.`;
  return `The ${FORMAT_NAME[format]} was saved to ${report.path}.`;
}

/**
 * The note and the two saves. Progress and the outcome are said in a status line that stays in
 * place (so screen readers announce each change), a failure in an alert with the host's words.
 * The dialog stays open after a save, so the other format can be saved with the same note.
 */
function ExportReportDialog({ ids, onClose }: { ids: readonly number[]; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [format, setFormat] = useState<ReportFormat>('html');
  const exporting = useExportReport();

  function save(chosen: ReportFormat) {
    setFormat(chosen);
    exporting.mutate({ ids: [...ids], note, format: chosen });
  }

  let status = '';
  if (exporting.isPending) status = `Making the ${FORMAT_NAME[format]} and saving it…`;
  else if (exporting.isSuccess && exporting.data.ok) status = savedMessage(format, exporting.data.value);
  const failure =
    exporting.isSuccess && !exporting.data.ok ? exporting.data.error.message : exporting.isError ? thrownMessage(exporting.error) : null;

  return (
    <ModalDialog
      title="Export report"
      subtitle={ids.length === 1 ? `History entry ${ids[0]}` : `${ids.length} history entries, in the order selected`}
      className="export-report-dialog"
      onClose={onClose}
    >
      <div className="export-report-body">
        <TextField
          label="Note"
          prose
          rows={5}
          maxLength={MAX_REPORT_NOTE_CHARS}
          value={note}
          onChange={setNote}
          hint="Shown at the top of the report: what was checked, on which build, for which ticket. The API key is never in a report."
        />
        <div className="actions">
          <button type="button" className="button-primary" disabled={exporting.isPending} onClick={() => save('html')}>
            Save HTML report
          </button>
          <button type="button" className="button-quiet" disabled={exporting.isPending} onClick={() => save('json')}>
            Save JSON bundle
          </button>
        </div>
        <p role="status" className="small export-report-status">
          {exporting.isPending && <span className="spinner" aria-hidden="true" />}
          {status}
        </p>
        {failure !== null && (
          <p role="alert" className="form-error">
            The {FORMAT_NAME[format]} could not be saved: {failure}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
