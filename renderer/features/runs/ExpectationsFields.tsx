import { useId } from 'react';
import { TextField } from '../../ui/FormFields';
import type { ExpectDraft } from './suiteModel';

/**
 * A case's expectations (electron/shared/runs/suiteTypes.ts `Expectations`) as form fields, every
 * kind the runner checks. Empty means "not set": the runner's default applies (status 200, the
 * contract checked for a 2xx). `path` is where they are in the suite (`cases[2].expect`), the
 * `data-focus` name a problem from the host focuses.
 */
export function ExpectationsFields({
  value,
  onChange,
  path,
}: {
  value: ExpectDraft;
  onChange: (value: ExpectDraft) => void;
  path: string;
}) {
  // What ties a field to one expectation: its value, its change, and its name for focus.
  const bind = <K extends keyof ExpectDraft>(key: K) => ({
    value: value[key],
    onChange: (next: ExpectDraft[K]) => onChange({ ...value, [key]: next }),
    focusName: `${path}.${key}`,
  });
  return (
    <fieldset className="suite-expect">
      <legend>Expectations</legend>
      <div className="suite-expect-grid">
        <TextField label="Status" type="number" {...bind('status')} placeholder="200" />
        <Choice
          label="Contract check"
          {...bind('contract')}
          options={[
            ['', 'Default (for a 2xx status)'],
            ['true', 'Must pass'],
            ['false', 'Not checked'],
          ]}
        />
        <Choice
          label="Token"
          {...bind('token')}
          options={[
            ['', 'Not checked'],
            ['present', 'Present'],
            ['absent', 'Absent'],
          ]}
        />
        <Choice
          label="Payload reflected"
          {...bind('payloadReflected')}
          options={[
            ['', 'Not checked'],
            ['true', 'Every payload value appears in the answer'],
            ['false', 'Not required'],
          ]}
        />
        <TextField label="Max server time (ms)" type="number" {...bind('maxServerMs')} />
        <TextField label="Max round trip (ms)" type="number" {...bind('maxRoundTripMs')} />
      </div>
      <Lines label="Answer contains" {...bind('answerContains')} />
      <Lines label="Answer does not contain" {...bind('answerNotContains')} />
      <TextField
        label="Answer matches (regular expression)"
        {...bind('answerMatches')}
        mono
        hint="JavaScript syntax, no flags; (?i:…) for a case-insensitive part."
      />
    </fieldset>
  );
}

function Choice<T extends string>({
  label,
  value,
  onChange,
  options,
  focusName,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
  focusName: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} data-focus={focusName} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list of texts, one per line (each reported on its own by the runner): a two-row TextField
 * that leaves the browser's spelling check on, as these lists always had.
 */
export function Lines({
  hint = 'One text per line; {{column}} takes a data row’s value.',
  ...field
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  focusName: string;
  hint?: string;
}) {
  return <TextField {...field} rows={2} prose hint={hint} />;
}
