import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_WORKSPACE_FILE_BYTES } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useSaveTextFile } from '../../host/saveTextFile';
import { useExportWorkspaceFile } from '../workspace/queries/workspaceFile';
import { WorkspaceImport, type ChosenFile } from './WorkspaceImport';

/**
 * Settings › Workspace file: export the workspace as a file for a repository, or import one.
 * It lives in Settings because it is about the whole app (every profile, the catalog, the
 * tabs), not one screen, and Settings is where a person looks for app-wide actions; the header
 * stays as it is. The file to import is chosen with a file input (it works the same in
 * Chromium and in Electron), read here as text, checked for size before anything is sent.
 */
export function WorkspaceFileSection() {
  const headingId = useId();
  const exportFile = useExportWorkspaceFile();
  const saveTextFile = useSaveTextFile();
  const [exportStatus, setExportStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [chosen, setChosen] = useState<(ChosenFile & { serial: number }) | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);

  async function exportWorkspace() {
    setExportStatus(null);
    setExporting(true);
    try {
      const result = await exportFile.mutateAsync();
      if (!result.ok) return setExportStatus({ ok: false, text: result.error.message });
      const { suggestedName, content, summary } = result.value;
      const saved = await saveTextFile({ suggestedName, content, mediaType: 'application/json' });
      if (!saved.ok) setExportStatus({ ok: false, text: saved.error.message });
      else if (!saved.value.saved) setExportStatus({ ok: true, text: 'Export cancelled: nothing was saved.' });
      else setExportStatus({ ok: true, text: `Exported ${saved.value.path ?? suggestedName}. ${summary}` });
    } catch (error) {
      setExportStatus({ ok: false, text: thrownMessage(error) });
    } finally {
      setExporting(false);
    }
  }

  async function fileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after editing it) is seen as a new choice.
    event.target.value = '';
    if (!file) return;
    setFileProblem(null);
    setChosen(null);
    if (file.size > MAX_WORKSPACE_FILE_BYTES) {
      setFileProblem(
        `${file.name} is larger than ${MAX_WORKSPACE_FILE_BYTES / (1024 * 1024)} MB, the most a workspace file may be: nothing was imported.`,
      );
      return;
    }
    try {
      const content = await file.text();
      setChosen((current) => ({ name: file.name, content, serial: (current?.serial ?? 0) + 1 }));
    } catch (error) {
      setFileProblem(`${file.name} could not be read: ${thrownMessage(error)}`);
    }
  }

  return (
    <section className="settings-section workspace-file" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-section-title">
        Workspace file
      </h3>
      <p className="field-hint">
        Your profiles (never their keys), the agent catalog and the request tabs as one JSON file, to keep in a repository and share with
        your team.
      </p>
      <div className="actions">
        <button type="button" className="button-quiet" onClick={() => void exportWorkspace()} disabled={exporting}>
          Export workspace…
        </button>
        <button ref={importButton} type="button" className="button-quiet" onClick={() => input.current?.click()}>
          Import workspace…
        </button>
        {/* Reached through the button above: one control for keyboard and screen reader users. */}
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Workspace file to import"
          onChange={(event) => void fileChosen(event)}
        />
      </div>
      {exportStatus && (
        <p role={exportStatus.ok ? 'status' : 'alert'} className={exportStatus.ok ? 'small' : 'field-error'}>
          {exportStatus.text}
        </p>
      )}
      {fileProblem && (
        <p role="alert" className="field-error">
          {fileProblem}
        </p>
      )}
      {chosen && (
        <WorkspaceImport
          key={chosen.serial}
          file={chosen}
          onClose={() => {
            setChosen(null);
            importButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}
