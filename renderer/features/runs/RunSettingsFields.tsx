import { useId } from 'react';
import { TextField } from '../../ui/FormFields';

/** How a run sends, as typed (text, so a half-typed number is kept). */
export interface RunSettingsDraft {
  concurrency: string;
  /** Requests per second at most; '' = no limit. */
  rate: string;
  on429: 'wait' | 'fail';
}

export const defaultRunSettings: RunSettingsDraft = { concurrency: '8', rate: '', on429: 'wait' };

/** The settings as startRun takes them, or what is wrong with them (by field). */
export function runSettingsOf(
  draft: RunSettingsDraft,
):
  | { ok: true; value: { concurrency: number; ratePerSecond: number | null; on429: 'wait' | 'fail' } }
  | { ok: false; field: 'concurrency' | 'rate'; message: string } {
  const concurrency = Number(draft.concurrency.trim() || '8');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    return { ok: false, field: 'concurrency', message: 'Concurrency must be a whole number from 1 to 64.' };
  const rateText = draft.rate.trim();
  const rate = rateText === '' ? null : Number(rateText);
  if (rate !== null && (!Number.isFinite(rate) || rate < 0.1 || rate > 1000))
    return { ok: false, field: 'rate', message: 'The rate limit must be from 0.1 to 1000 requests a second, or empty for none.' };
  return { ok: true, value: { concurrency, ratePerSecond: rate, on429: draft.on429 } };
}

/** Concurrency (8 by default), an optional rate limit, and what a 429 does. */
export function RunSettingsFields({ value, onChange }: { value: RunSettingsDraft; onChange: (value: RunSettingsDraft) => void }) {
  const on429Id = useId();
  const checked = runSettingsOf(value);
  const error = (field: 'concurrency' | 'rate') => (!checked.ok && checked.field === field ? checked.message : null);
  return (
    <fieldset className="run-settings">
      <legend>Run settings</legend>
      <TextField
        label="Concurrency"
        type="number"
        value={value.concurrency}
        onChange={(concurrency) => onChange({ ...value, concurrency })}
        error={error('concurrency')}
        hint="Requests in flight at once (1–64)."
        focusName="settings.concurrency"
      />
      <TextField
        label="Rate limit (requests a second)"
        type="number"
        value={value.rate}
        onChange={(rate) => onChange({ ...value, rate })}
        error={error('rate')}
        hint="Empty: no limit."
        focusName="settings.rate"
      />
      <div className="field">
        <label htmlFor={on429Id}>On 429 Too Many Requests</label>
        <select
          id={on429Id}
          className="input"
          value={value.on429}
          onChange={(event) => onChange({ ...value, on429: event.target.value === 'fail' ? 'fail' : 'wait' })}
        >
          <option value="wait">Wait as Retry-After says, then send again</option>
          <option value="fail">Record it as a failure</option>
        </select>
      </div>
    </fieldset>
  );
}
