import type { ClientCertSettings, ProfileSummary, ProxySettings } from '../../../electron/shared/api';
import { keyStatusText } from './ProfileBadges';
import { describePresentation } from '../../../electron/shared/keyPresentation';

/** Why a fixed profile cannot be changed here, in one line. */
const WHY_READ_ONLY: Record<'sandbox' | 'environment', string> = {
  sandbox: 'The Sandbox is built in and always there: it points at the embedded sandbox platform, so it cannot be changed or deleted.',
  environment:
    'This profile is read from the AGENT_EXPLORER_* environment variables when Agent Explorer starts and is never saved: ' +
    'change the variables and restart to change it.',
};

/** A profile's proxy setting, in words. */
function proxyText(proxy: ProxySettings): string {
  if (proxy.mode === 'system') return 'System settings';
  if (proxy.mode === 'none') return 'No proxy';
  return `Proxy: ${proxy.url}${proxy.username === null ? '' : ` (user ${proxy.username})`}`;
}

/** A profile's client certificate, in words: its file, or none. */
function clientCertText(cert: ClientCertSettings | null | undefined): string {
  if (!cert) return 'None';
  return cert.kind === 'pkcs12' ? `PKCS#12 ${cert.file}` : `PEM ${cert.certFile}, key ${cert.keyFile}`;
}

/** A fixed profile (Sandbox, Environment), read-only: its settings, its key status, and why it is fixed. */
export function ProfileFacts({ profile }: { profile: ProfileSummary }) {
  // [term, value, shown as code]
  const rows: [string, string, boolean][] = [
    ['Base URL', profile.baseUrl, true],
    ['Key presentation', describePresentation(profile.auth), true],
    ['Time-out', `${profile.timeoutMs / 1000} s`, false],
    ['TLS certificates', profile.tls.verify ? 'Verified' : 'Not verified', false],
    ['CA certificate file', profile.tls.caFile ?? 'None', profile.tls.caFile !== null],
    ['Insecure HTTP', profile.allowInsecureHttp ? 'Allowed' : 'Not allowed', false],
    ['Proxy', proxyText(profile.proxy), profile.proxy.mode === 'manual'],
    ['Client certificate', clientCertText(profile.tls.clientCert), Boolean(profile.tls.clientCert)],
    ['Key', keyStatusText(profile.key), false],
  ];
  return (
    <div className="profile-section">
      {profile.kind !== 'custom' && <p className="read-only-note">{WHY_READ_ONLY[profile.kind]}</p>}
      <dl className="facts">
        {rows.map(([term, value, code]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={code ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
