import { useId, useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useSettings, useUpdateSettings } from '../../queries/settings';
import { ModalDialog } from '../../ui/ModalDialog';

const MB = 1024 * 1024;

/**
 * App settings. For now one: the response size limit. Answers over it are stopped as they
 * arrive (the window stays responsive) and can then be saved to a file instead.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const current = settings.data ? String(Math.round((settings.data.maxResponseBytes / MB) * 100) / 100) : '';
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { field: useId(), hint: useId(), error: useId() };
  const value = typed ?? current;

  function save() {
    const megabytes = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(megabytes) || megabytes <= 0) {
      setProblem('Enter a size in MB, for example 50.');
      return;
    }
    setProblem(null);
    update.mutate(
      { maxResponseBytes: Math.round(megabytes * MB) },
      {
        onSuccess: (result) => {
          if (result.ok) setTyped(null);
          else setProblem(result.error.message);
        },
        onError: (error) => setProblem(thrownMessage(error)),
      },
    );
  }

  return (
    <ModalDialog title="Settings" onClose={onClose} className="settings-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={ids.field}>Response size limit (MB)</label>
          <input
            id={ids.field}
            className="input"
            inputMode="decimal"
            value={value}
            disabled={!settings.data}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.error : ids.hint}
            onChange={(event) => {
              setProblem(null);
              setTyped(event.target.value);
            }}
          />
          {problem ? (
            <p id={ids.error} className="field-error">
              {problem}
            </p>
          ) : (
            <p id={ids.hint} className="field-hint">
              Larger answers are stopped as they arrive and reported as too large; you can then save them to a file.
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button-primary" disabled={update.isPending || !settings.data}>
            Save
          </button>
          {update.isSuccess && update.data.ok && typed === null && (
            <span role="status" className="small">
              Saved.
            </span>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}
