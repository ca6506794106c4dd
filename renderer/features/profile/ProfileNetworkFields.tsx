import { useId, type ReactNode } from 'react';
import { useAppInfo } from '../../app/appInfo';
import { TextField } from '../../ui/FormFields';
import { textProps, type DraftForm } from './draftForm';

/** One choice of a radio group, with a line under it saying what it means. */
interface Choice<V extends string> {
  value: V;
  label: string;
  note?: string | undefined;
  /** Fields shown under the group while this choice is made. */
  details?: ReactNode;
}

/**
 * A named set of radio buttons, each with its note tied to it (aria-describedby), so the
 * choice and what it means are heard together. Radios, not a select: the few choices and what
 * each means are all on view. The chosen choice's fields, if it has any, follow the radios.
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
  const details = choices.find((choice) => choice.value === value)?.details;
  return (
    <div className="profile-form-group">
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
      {details && <div className="radio-details">{details}</div>}
    </div>
  );
}

/**
 * How the profile's requests reach the server. System is what the host would do anyway, and
 * says what that is here: the desktop app asks the operating system (as Chrome does), browser
 * mode and the command line read the proxy variables. The manual proxy's fields stay filled
 * while another mode is chosen, so trying None loses nothing typed.
 */
export function ProxyGroup(form: DraftForm) {
  const { draft, change } = form;
  const host = useAppInfo().data?.host;
  const systemNote =
    host === 'electron'
      ? "Uses the operating system's settings, as the browser does."
      : host === 'browser'
        ? 'Uses HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as set when Agent Explorer was started.'
        : undefined;
  return (
    <RadioGroup
      legend="Proxy"
      value={draft.proxyMode}
      onChange={(proxyMode) => change({ proxyMode })}
      choices={[
        { value: 'system', label: 'System', note: systemNote },
        { value: 'none', label: 'None', note: 'Straight to the server, never through a proxy.' },
        {
          value: 'manual',
          label: 'Manual',
          note: 'Through the proxy below.',
          details: (
            <>
              <TextField
                label="Proxy URL"
                {...textProps(form, 'proxyUrl')}
                mono
                placeholder="http://proxy.example.com:3128"
                hint="http: or https:, without a password: the password is set on its own once the profile is saved, and kept like the key."
              />
              <TextField
                label="Proxy user name"
                {...textProps(form, 'proxyUsername')}
                hint="Optional: for a proxy that asks for credentials."
              />
              <TextField
                label="Bypass list"
                {...textProps(form, 'proxyBypass')}
                mono
                rows={3}
                hint="Optional. Hosts reached directly, one per line or separated by commas: example.com, .example.com, 10.0.0.0/8, host:port."
              />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * The certificate the profile presents when a server asks for one, as paths of files on this
 * computer (read when a request is sent). A passphrase is set on its own once the profile is
 * saved, like the key; each kind's paths stay filled while another kind is chosen.
 */
export function ClientCertGroup(form: DraftForm) {
  const { draft, change } = form;
  return (
    <RadioGroup
      legend="Client certificate"
      value={draft.clientCertKind}
      onChange={(clientCertKind) => change({ clientCertKind })}
      choices={[
        { value: 'none', label: 'None', note: 'For servers that do not ask for one.' },
        {
          value: 'pem',
          label: 'PEM certificate and key',
          details: (
            <>
              <TextField
                label="Certificate file"
                {...textProps(form, 'clientCertFile')}
                mono
                placeholder="/path/to/client.pem"
                hint="The full path of a PEM file; it may hold the chain after the certificate."
              />
              <TextField
                label="Key file"
                {...textProps(form, 'clientKeyFile')}
                mono
                placeholder="/path/to/client.key"
                hint="The full path of the private key (PEM). If it is encrypted, set its passphrase once the profile is saved."
              />
            </>
          ),
        },
        {
          value: 'pkcs12',
          label: 'PKCS#12 file (.p12, .pfx)',
          details: (
            <TextField
              label="PKCS#12 file"
              {...textProps(form, 'clientP12File')}
              mono
              placeholder="/path/to/client.p12"
              hint="The full path of the .p12 or .pfx file. Set its passphrase once the profile is saved."
            />
          ),
        },
      ]}
    />
  );
}
