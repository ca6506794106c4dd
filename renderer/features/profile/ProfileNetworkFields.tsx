import { useId } from 'react';
import { useAppInfo } from '../../app/appInfo';
import { TextField } from '../../ui/FormFields';
import type { DraftField, ProfileDraft } from './profileDraft';

/** What the network groups need of the form: the draft, a change to it, and the error at a field. */
interface GroupProps {
  draft: ProfileDraft;
  change: (patch: Partial<ProfileDraft>) => void;
  errorOf: (field: DraftField) => string | null;
}

/** One choice of a radio group, with a line under it saying what it means. */
interface Choice<V extends string> {
  value: V;
  label: string;
  note?: string | undefined;
}

/**
 * A named set of radio buttons, each with its note tied to it (aria-describedby), so the
 * choice and what it means are heard together. Radios, not a select: the few choices and what
 * each means are all on view.
 */
function RadioGroup<V extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="radio-group">
      <legend className="radio-group-legend">{legend}</legend>
      {choices.map((choice) => (
        <div key={choice.value} className="radio-choice">
          <label className="check-row">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              aria-describedby={choice.note ? `${name}-${choice.value}` : undefined}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
          {choice.note && (
            <p id={`${name}-${choice.value}`} className="field-hint radio-note">
              {choice.note}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * How the profile's requests reach the server. System is what the host would do anyway, and
 * says what that is here: the desktop app asks the operating system (as Chrome does), browser
 * mode and the command line read the proxy variables. The manual proxy's fields stay filled
 * while another mode is chosen, so trying None loses nothing typed.
 */
export function ProxyGroup({ draft, change, errorOf }: GroupProps) {
  const host = useAppInfo().data?.host;
  const systemNote =
    host === 'electron'
      ? "Uses the operating system's settings, as the browser does."
      : host === 'browser'
        ? 'Uses HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as set when Agent Explorer was started.'
        : undefined;
  return (
    <div className="profile-form-group">
      <RadioGroup
        legend="Proxy"
        value={draft.proxyMode}
        onChange={(proxyMode) => change({ proxyMode })}
        choices={[
          { value: 'system', label: 'System', note: systemNote },
          { value: 'none', label: 'None', note: 'Straight to the server, never through a proxy.' },
          { value: 'manual', label: 'Manual', note: 'Through the proxy below.' },
        ]}
      />
      {draft.proxyMode === 'manual' && (
        <div className="radio-details">
          <TextField
            label="Proxy URL"
            value={draft.proxyUrl}
            mono
            placeholder="http://proxy.example.com:3128"
            onChange={(proxyUrl) => change({ proxyUrl })}
            error={errorOf('proxyUrl')}
            hint="http: or https:, without a password: the password is set on its own once the profile is saved, and kept like the key."
            focusName="proxyUrl"
          />
          <TextField
            label="Proxy user name"
            value={draft.proxyUsername}
            onChange={(proxyUsername) => change({ proxyUsername })}
            error={errorOf('proxyUsername')}
            hint="Optional: for a proxy that asks for credentials."
            focusName="proxyUsername"
          />
          <TextField
            label="Bypass list"
            value={draft.proxyBypass}
            mono
            rows={3}
            onChange={(proxyBypass) => change({ proxyBypass })}
            error={errorOf('proxyBypass')}
            hint="Optional. Hosts reached directly, one per line or separated by commas: example.com, .example.com, 10.0.0.0/8, host:port."
            focusName="proxyBypass"
          />
        </div>
      )}
    </div>
  );
}

/**
 * The certificate the profile presents when a server asks for one, as paths of files on this
 * computer (read when a request is sent). A passphrase is set on its own once the profile is
 * saved, like the key; each kind's paths stay filled while another kind is chosen.
 */
export function ClientCertGroup({ draft, change, errorOf }: GroupProps) {
  return (
    <div className="profile-form-group">
      <RadioGroup
        legend="Client certificate"
        value={draft.clientCertKind}
        onChange={(clientCertKind) => change({ clientCertKind })}
        choices={[
          { value: 'none', label: 'None', note: 'For servers that do not ask for one.' },
          { value: 'pem', label: 'PEM certificate and key' },
          { value: 'pkcs12', label: 'PKCS#12 file (.p12, .pfx)' },
        ]}
      />
      {draft.clientCertKind === 'pem' && (
        <div className="radio-details">
          <TextField
            label="Certificate file"
            value={draft.clientCertFile}
            mono
            placeholder="/path/to/client.pem"
            onChange={(clientCertFile) => change({ clientCertFile })}
            error={errorOf('clientCertFile')}
            hint="The full path of a PEM file; it may hold the chain after the certificate."
            focusName="clientCertFile"
          />
          <TextField
            label="Key file"
            value={draft.clientKeyFile}
            mono
            placeholder="/path/to/client.key"
            onChange={(clientKeyFile) => change({ clientKeyFile })}
            error={errorOf('clientKeyFile')}
            hint="The full path of the private key (PEM). If it is encrypted, set its passphrase once the profile is saved."
            focusName="clientKeyFile"
          />
        </div>
      )}
      {draft.clientCertKind === 'pkcs12' && (
        <div className="radio-details">
          <TextField
            label="PKCS#12 file"
            value={draft.clientP12File}
            mono
            placeholder="/path/to/client.p12"
            onChange={(clientP12File) => change({ clientP12File })}
            error={errorOf('clientP12File')}
            hint="The full path of the .p12 or .pfx file. Set its passphrase once the profile is saved."
            focusName="clientP12File"
          />
        </div>
      )}
    </div>
  );
}
