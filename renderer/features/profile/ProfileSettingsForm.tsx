import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ProfileInput, Result } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { CheckboxField, FieldNotes, TextField } from '../../ui/FormFields';
import { checkProps, textProps } from './draftForm';
import { ClientCertGroup, ProxyGroup } from './ProfileNetworkFields';
import { draftFieldOf, inputFromDraft, PRESENTATION_OPTIONS, withoutApiSuffix, type DraftField, type ProfileDraft } from './profileDraft';

/** A problem to show: next to `field`, or at the top of the form when `field` is null. */
interface FormError {
  field: DraftField | null;
  message: string;
}

const TLS_OFF_WARNING =
  'Certificates will not be checked: anyone between you and the server could read the key and the data. ' +
  'If a corporate proxy is the reason, prefer giving its CA certificate file.';

/** Said under a base URL that ends in /api, with the fix one click away. */
function apiSuffixNote(baseUrl: string, fix: (baseUrl: string) => void) {
  const fixed = withoutApiSuffix(baseUrl);
  if (fixed === null) return undefined;
  return (
    <>
      This URL ends in /api, and the app adds /api/agent/… itself: requests would go to /api/api/….{' '}
      <button type="button" className="button-link" onClick={() => fix(fixed)}>
        Drop /api
      </button>
    </>
  );
}

/**
 * A profile's settings (never its key: a new profile's form may hold a key field, `keyField`,
 * which the caller owns and sends on its own, write-only). The draft belongs to the caller, so a refusal from the
 * host, a Detect that changes the presentation, or a refetch of the profiles never wipes what
 * was typed. Only emptiness is checked here; the host checks the rest and names the field,
 * and the message is shown next to that field, which takes focus.
 */
export function ProfileSettingsForm({
  draft,
  onDraftChange,
  submitLabel,
  pending,
  onSave,
  savedMessage,
  keyField,
}: {
  draft: ProfileDraft;
  onDraftChange: (draft: ProfileDraft) => void;
  submitLabel: string;
  pending: boolean;
  /** Sends the input to the host; resolves with its answer. */
  onSave: (input: ProfileInput) => Promise<Result<unknown>>;
  /** Said once the host has accepted the settings. */
  savedMessage: string;
  /** Shown after the key presentation: the New profile form's key, given with the name and URL. */
  keyField?: ReactNode;
}) {
  const [error, setError] = useState<FormError | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const topErrorRef = useRef<HTMLParagraphElement>(null);
  const ids = { select: useId(), selectError: useId(), topError: useId() };

  // Focus where the problem is once it is on screen, so the message is read with the field.
  useEffect(() => {
    if (!error) return;
    if (error.field) formRef.current?.querySelector<HTMLElement>(`[data-focus="${error.field}"]`)?.focus();
    else topErrorRef.current?.focus();
  }, [error]);

  function change(patch: Partial<ProfileDraft>) {
    setSaved(false);
    if (error?.field && error.field in patch) setError(null);
    onDraftChange({ ...draft, ...patch });
  }

  async function submit() {
    setSaved(false);
    const checked = inputFromDraft(draft);
    if (!checked.ok) {
      setError(checked.problem);
      return;
    }
    try {
      const result = await onSave(checked.input);
      if (result.ok) {
        setError(null);
        setSaved(true);
      } else {
        setError({ field: draftFieldOf(result.error.field, draft), message: result.error.message });
      }
    } catch (thrown) {
      setError({ field: null, message: thrownMessage(thrown) });
    }
  }

  const errorOf = (field: DraftField) => (error?.field === field ? error.message : null);
  const authError = errorOf('authKind');
  const form = { draft, change, errorOf };

  return (
    <form
      ref={formRef}
      className="profile-form"
      aria-label="Profile settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void submit();
      }}
    >
      {error && error.field === null && (
        <p ref={topErrorRef} id={ids.topError} role="alert" tabIndex={-1} className="form-error">
          {error.message}
        </p>
      )}
      <TextField label="Name" {...textProps(form, 'name')} />
      <TextField
        label="Base URL"
        {...textProps(form, 'baseUrl')}
        mono
        placeholder="https://platform.example.com"
        hint={apiSuffixNote(draft.baseUrl, (baseUrl) => change({ baseUrl }))}
      />
      <div className="field-grid">
        <div className="field">
          <label htmlFor={ids.select}>Key presentation</label>
          <select
            data-focus="authKind"
            id={ids.select}
            className="input"
            value={draft.authKind}
            aria-invalid={authError ? true : undefined}
            aria-describedby={authError ? ids.selectError : undefined}
            onChange={(event) => change({ authKind: event.target.value as ProfileDraft['authKind'] })}
          >
            {PRESENTATION_OPTIONS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldNotes ids={{ error: ids.selectError }} error={authError} />
        </div>
        {draft.authKind === 'scheme' && <TextField label="Scheme" {...textProps(form, 'scheme')} mono placeholder="Api-Key" />}
        {draft.authKind === 'header' && <TextField label="Header name" {...textProps(form, 'header')} mono placeholder="X-API-Key" />}
        {draft.authKind === 'query' && (
          <TextField
            label="Query parameter"
            {...textProps(form, 'param')}
            mono
            placeholder="api_key"
            hint="The key will be in the URL the server sees (and may log); prefer a header when the server allows it."
          />
        )}
      </div>
      {keyField}
      <TextField
        label="Time-out (seconds)"
        {...textProps(form, 'timeoutSeconds')}
        type="number"
        hint="For a whole request, from sending to the last byte of the answer."
      />
      <ProxyGroup {...form} />
      <CheckboxField
        label="Verify TLS certificates"
        {...checkProps(form, 'verifyTls')}
        warning={draft.verifyTls ? null : TLS_OFF_WARNING}
      />
      <TextField
        label="CA certificate file"
        {...textProps(form, 'caFile')}
        mono
        placeholder="/path/to/ca.pem"
        hint="Optional. PEM file, for corporate proxies; Agent Explorer reads it from this path."
      />
      <ClientCertGroup {...form} />
      <CheckboxField
        label="Allow insecure HTTP"
        {...checkProps(form, 'allowInsecureHttp')}
        hint="Otherwise http: is only allowed for localhost and 127.0.0.1; elsewhere the key would travel unencrypted."
      />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {submitLabel}
        </button>
        <span role="status" className="muted small">
          {pending ? 'Saving…' : saved ? savedMessage : ''}
        </span>
      </div>
    </form>
  );
}
