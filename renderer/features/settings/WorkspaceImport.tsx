import { useEffect, useId, useRef, useState } from 'react';
import type { ImportChoice, WorkspaceImportPreview, WorkspaceImportReport, WorkspaceImportRequest } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useApplyWorkspaceImport, usePreviewWorkspaceImport } from '../workspace/queries/workspaceFile';
import { requestWorkspaceRefresh } from '../workspace/workspaceRefresh';
import { CHOICE_LABELS, PreviewItems, ReportItems } from './ImportItems';

/** A file chosen for import, read as text in the page. */
export interface ChosenFile {
  name: string;
  content: string;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The preview in one sentence, for the status line a screen reader announces. */
function previewSummary(preview: WorkspaceImportPreview): string {
  const by = (action: string) => preview.items.filter((item) => item.action === action).length;
  const open = by('conflict');
  const parts = [`${by('take')} to take`, `${by('skip')} to skip`];
  if (open > 0) parts.push(`${count(open, 'clash', 'clashes')} to choose for`);
  if (by('waiting') > 0) parts.push(`${by('waiting')} waiting on a profile's choice`);
  return `${parts.join(', ')}.`;
}

function reportSummary(report: WorkspaceImportReport): string {
  const by = (outcome: string) => report.items.filter((item) => item.outcome === outcome).length;
  const said = `${by('taken')} taken, ${by('skipped')} skipped`;
  return report.complete ? `Imported: ${said}.` : `Not everything was imported: ${said}, ${by('failed')} not taken (see why below).`;
}

/**
 * Importing a chosen workspace file: its preview (item by item: taken, skipped and why, and
 * each clash with its choices), then the import, then its report. The preview is asked again
 * whenever a choice changes, since a profile's choice decides where its catalog and tabs go.
 * Nothing is written before Import is pressed, and Import waits until every clash has a choice.
 */
export function WorkspaceImport({ file, onClose }: { file: ChosenFile; onClose: () => void }) {
  const headingId = useId();
  const hintId = useId();
  const preview = usePreviewWorkspaceImport();
  const apply = useApplyWorkspaceImport();
  const [decisions, setDecisions] = useState<Map<string, ImportChoice>>(new Map());
  const [forAll, setForAll] = useState<ImportChoice | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  const [report, setReport] = useState<WorkspaceImportReport | null>(null);
  const [applyProblem, setApplyProblem] = useState<string | null>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const { mutate: askPreview } = preview;

  const request: WorkspaceImportRequest = {
    content: file.content,
    decisions: [...decisions].map(([key, choice]) => ({ key, choice })),
    ...(forAll ? { forAll } : {}),
  };
  const requestKey = JSON.stringify([request.decisions, forAll, asked]);
  // The last preview that answered stays on screen while the next one is asked (no flicker);
  // a mutation's own callbacks fire for its latest call only, so an older answer never wins.
  const [shown, setShown] = useState<WorkspaceImportPreview | null>(null);
  useEffect(() => {
    askPreview(request, { onSuccess: (result) => result.ok && setShown(result.value) });
    // The request is rebuilt each render; what it depends on is in requestKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askPreview, file.content, requestKey]);

  useEffect(() => {
    if (report) reportHeading.current?.focus();
  }, [report]);

  const latest = preview.data;
  const failure = latest && !latest.ok ? latest.error.message : preview.error ? thrownMessage(preview.error) : null;

  function runImport() {
    setApplyProblem(null);
    apply.mutate(request, {
      onSuccess: (result) => {
        if (result.ok) setReport(result.value);
        else {
          setApplyProblem(result.error.message);
          if (result.error.problem === 'undecided') setAsked((n) => n + 1);
        }
      },
      onError: (error) => setApplyProblem(thrownMessage(error)),
      // Even a partial import changed something: the open tabs learn it (merged, never clobbered).
      onSettled: () => requestWorkspaceRefresh(),
    });
  }

  if (report) {
    return (
      <section className="workspace-import" aria-labelledby={headingId}>
        <h3 id={headingId} ref={reportHeading} tabIndex={-1} className="settings-section-title">
          Import report: {file.name}
        </h3>
        <p role={report.complete ? 'status' : 'alert'} className={report.complete ? '' : 'field-error'}>
          {reportSummary(report)}
        </p>
        <ReportItems items={report.items} />
        <div className="actions">
          <button type="button" className="button-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </section>
    );
  }

  const undecided = shown ? shown.items.filter((item) => item.action === 'conflict' || item.action === 'waiting').length : 0;
  const hasClashes = shown?.items.some((item) => item.conflict) ?? false;
  const toTake = shown?.items.filter((item) => item.action === 'take').length ?? 0;
  return (
    <section className="workspace-import" aria-labelledby={headingId} aria-busy={preview.isPending}>
      <h3 id={headingId} className="settings-section-title">
        Import {file.name}
      </h3>
      {failure && !shown ? (
        <p role="alert" className="field-error">
          {failure}
        </p>
      ) : (
        <p role="status" className="small">
          {shown ? `Preview, nothing written yet: ${previewSummary(shown)}` : 'Reading the file…'}
        </p>
      )}
      {shown?.notes.map((note) => (
        <p key={note} className="small muted">
          {note}
        </p>
      ))}
      {hasClashes && (
        <div role="group" aria-label="For every clash" className="actions import-for-all">
          <span className="small">For every clash:</span>
          {(['replace', 'keepBoth', 'skip'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className="button-quiet button-small"
              aria-pressed={forAll === choice}
              onClick={() => {
                setDecisions(new Map());
                setForAll(choice);
              }}
            >
              {CHOICE_LABELS[choice]}
            </button>
          ))}
        </div>
      )}
      {shown && (
        <PreviewItems items={shown.items} onChoose={(key, choice) => setDecisions((current) => new Map(current).set(key, choice))} />
      )}
      {applyProblem && (
        <p role="alert" className="field-error">
          {applyProblem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button-quiet" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={!shown || undecided > 0 || toTake === 0 || apply.isPending || preview.isPending}
          aria-describedby={hintId}
          onClick={runImport}
        >
          Import
        </button>
        <span id={hintId} className="small muted">
          {!shown
            ? ''
            : undecided > 0
              ? `Choose what to do with every clash first (${undecided} left).`
              : toTake === 0
                ? 'Nothing in this file would be taken.'
                : `Takes ${count(toTake, 'item')}.`}
        </span>
      </div>
    </section>
  );
}
