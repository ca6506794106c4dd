import { useId, useState } from 'react';
import type { AppSettings } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useSettings, useUpdateSettings } from './queries/settings';
import { ModalDialog } from '../../ui/ModalDialog';
import { WorkspaceFileSection } from './WorkspaceFileSection';
import { draftOf, RetentionFields, retentionOf, type RetentionDraft } from './RetentionFields';

const MB = 1024 * 1024;

type NumberSetting = 'maxResponseBytes' | 'maxSavedFileBytes' | 'maxRunRequests';
/** A field that can show a problem: the numbers, and the retention's number. */
type Field = NumberSetting | 'historyRetention';

/** A number the form shows in a unit: sizes in MB (a fraction allowed), counts whole. */
interface NumberField {
  name: NumberSetting;
  label: string;
  example: number;
  unit: 'MB' | 'count';
  hint: string;
}

const FIELDS: NumberField[] = [
  {
    name: 'maxResponseBytes',
    label: 'Response size limit (MB)',
    example: 50,
    unit: 'MB',
    hint: 'Larger answers are stopped as they arrive and reported as too large; you can then save them to a file.',
  },
  {
    name: 'maxSavedFileBytes',
    label: 'Save-to-file limit (MB)',
    example: 256,
    unit: 'MB',
    hint: 'Saving an answer to a file stops at this size: the file keeps what was written, and you are told it was cut.',
  },
  {
    name: 'maxRunRequests',
    label: 'Largest run (requests)',
    example: 1_000_000,
    unit: 'count',
    hint: 'A run that would send more requests is refused before anything is sent, so a typo in iterations cannot send millions.',
  },
];

const shown = (field: NumberField, value: number) => String(field.unit === 'MB' ? Math.round((value / MB) * 100) / 100 : value);

/** The setting a typed text stands for, or why it cannot be one (said beside the field). */
function parsedValue(field: NumberField, text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/[,_\s]/g, '');
  const amount = Number(trimmed);
  if (field.unit === 'count') {
    return /^\d+$/.test(trimmed) && amount >= 1
      ? { ok: true, value: amount }
      : { ok: false, message: `Enter a whole number of requests, for example ${field.example.toLocaleString('en-US')}.` };
  }
  return trimmed === '' || !Number.isFinite(amount) || amount <= 0
    ? { ok: false, message: `Enter a size in MB, for example ${field.example}.` }
    : { ok: true, value: Math.round(amount * MB) };
}

/**
 * App settings: the response size limit (answers over it are stopped as they arrive, so the
 * window stays responsive), the save-to-file limit (so an endless answer cannot fill the disk),
 * how much history is kept, the largest run; and the workspace file (export, import) for the whole app.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [typed, setTyped] = useState<Partial<Record<NumberSetting, string>>>({});
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  // The retention as changed in the form; undefined while it is as saved.
  const [retention, setRetention] = useState<RetentionDraft | undefined>(undefined);
  const baseId = useId();

  const valueOf = (field: NumberField) => typed[field.name] ?? (settings.data ? shown(field, settings.data[field.name]) : '');

  function save() {
    const patch: Partial<AppSettings> = {};
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const text = typed[field.name];
      if (text === undefined) continue;
      const parsed = parsedValue(field, text);
      if (parsed.ok) patch[field.name] = parsed.value;
      else found[field.name] = parsed.message;
    }
    if (retention !== undefined) {
      const checked = retentionOf(retention);
      if (checked.ok) patch.historyRetention = checked.value;
      else found.historyRetention = checked.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // The field a refusal or a failure belongs to: the one it names, else one that was changed.
    const changed = (named?: string): Field =>
      named === 'historyRetention' && retention !== undefined
        ? 'historyRetention'
        : ((FIELDS.find((f) => f.name === named) ?? FIELDS.find((f) => typed[f.name] !== undefined))?.name ??
          (retention !== undefined ? 'historyRetention' : 'maxResponseBytes'));
    update.mutate(patch, {
      onSuccess: (result) => {
        if (result.ok) {
          setTyped({});
          setRetention(undefined);
        } else setProblems({ [changed(result.error.field)]: result.error.message });
      },
      onError: (error) => setProblems({ [changed()]: thrownMessage(error) }),
    });
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
        {FIELDS.map((field) => {
          const ids = { field: `${baseId}-${field.name}`, hint: `${baseId}-${field.name}-hint`, error: `${baseId}-${field.name}-error` };
          const problem = problems[field.name];
          return (
            <div className="field" key={field.name}>
              <label htmlFor={ids.field}>{field.label}</label>
              <input
                id={ids.field}
                className="input"
                inputMode={field.unit === 'MB' ? 'decimal' : 'numeric'}
                value={valueOf(field)}
                disabled={!settings.data}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? ids.error : ids.hint}
                onChange={(event) => {
                  const value = event.target.value;
                  setProblems((current) => ({ ...current, [field.name]: undefined }));
                  setTyped((current) => ({ ...current, [field.name]: value }));
                }}
              />
              {problem ? (
                <p id={ids.error} className="field-error">
                  {problem}
                </p>
              ) : (
                <p id={ids.hint} className="field-hint">
                  {field.hint}
                </p>
              )}
            </div>
          );
        })}
        <RetentionFields
          draft={retention ?? (settings.data ? draftOf(settings.data.historyRetention) : { kind: 'all', amount: '' })}
          disabled={!settings.data}
          problem={problems.historyRetention}
          onChange={(draft) => {
            setProblems((current) => ({ ...current, historyRetention: undefined }));
            setRetention(draft);
          }}
        />
        <div className="actions">
          <button type="submit" className="button-primary" disabled={update.isPending || !settings.data}>
            Save
          </button>
          {update.isSuccess && update.data.ok && Object.keys(typed).length === 0 && retention === undefined && (
            <span role="status" className="small">
              Saved.
            </span>
          )}
        </div>
      </form>
      <WorkspaceFileSection />
    </ModalDialog>
  );
}
