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
  const set =
    <K extends keyof ExpectDraft>(key: K) =>
    (next: ExpectDraft[K]) =>
      onChange({ ...value, [key]: next });
  return (
    <fieldset className="suite-expect">
      <legend>Expectations</legend>
      <div className="suite-expect-grid">
        <TextField
          label="Status"
          type="number"
          value={value.status}
          onChange={set('status')}
          placeholder="200"
          focusName={`${path}.status`}
        />
        <Choice
          label="Contract check"
          value={value.contract}
          onChange={set('contract')}
          focusName={`${path}.contract`}
          options={[
            ['', 'Default (for a 2xx status)'],
            ['true', 'Must pass'],
            ['false', 'Not checked'],
          ]}
        />
        <Choice
          label="Token"
          value={value.token}
          onChange={set('token')}
          focusName={`${path}.token`}
          options={[
            ['', 'Not checked'],
            ['present', 'Present'],
            ['absent', 'Absent'],
          ]}
        />
        <Choice
          label="Payload reflected"
          value={value.payloadReflected}
          onChange={set('payloadReflected')}
          focusName={`${path}.payloadReflected`}
          options={[
            ['', 'Not checked'],
            ['true', 'Every payload value appears in the answer'],
            ['false', 'Not required'],
          ]}
        />
        <TextField
          label="Max server time (ms)"
          type="number"
          value={value.maxServerMs}
          onChange={set('maxServerMs')}
          focusName={`${path}.maxServerMs`}
        />
        <TextField
          label="Max round trip (ms)"
          type="number"
          value={value.maxRoundTripMs}
          onChange={set('maxRoundTripMs')}
          focusName={`${path}.maxRoundTripMs`}
        />
      </div>
      <Lines label="Answer contains" value={value.answerContains} onChange={set('answerContains')} focusName={`${path}.answerContains`} />
      <Lines
        label="Answer does not contain"
        value={value.answerNotContains}
        onChange={set('answerNotContains')}
        focusName={`${path}.answerNotContains`}
      />
      <TextField
        label="Answer matches (regular expression)"
        value={value.answerMatches}
        onChange={set('answerMatches')}
        mono
        focusName={`${path}.answerMatches`}
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

/** A list of texts, one per line (each reported on its own by the runner). */
export function Lines({
  label,
  value,
  onChange,
  focusName,
  hint = 'One text per line; {{column}} takes a data row’s value.',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  focusName: string;
  hint?: string;
}) {
  const ids = { input: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <textarea
        id={ids.input}
        className="input"
        rows={2}
        value={value}
        data-focus={focusName}
        aria-describedby={ids.hint}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={ids.hint} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
