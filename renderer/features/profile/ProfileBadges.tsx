import type { KeyStatus, ProfileKind, ProfileSummary, ProfileWarning } from '../../../electron/shared/api';

/** Short words for each risk; the host's message is the full sentence. */
const WARNING_LABELS: Record<ProfileWarning['code'], string> = {
  insecure_http: 'Insecure HTTP',
  tls_unverified: 'TLS not verified',
  custom_ca: 'Custom CA',
  proxy_plain_password: 'Proxy password in clear',
};

const KIND_BADGES: Record<ProfileKind, { label: string; title: string; className: string }> = {
  sandbox: { label: 'Sandbox', title: 'The built-in sandbox platform: no real agents are billed', className: 'badge badge-accent' },
  environment: {
    label: 'Environment',
    title: 'Read from the AGENT_EXPLORER_* environment variables at start; never saved',
    className: 'badge badge-neutral',
  },
  custom: { label: 'Custom', title: 'A profile you made; saved on this computer', className: 'badge badge-neutral' },
};

/** What kind of profile this is, as a badge. */
export function KindBadge({ kind }: { kind: ProfileKind }) {
  const badge = KIND_BADGES[kind];
  return (
    <span className={badge.className} title={badge.title}>
      {badge.label}
    </span>
  );
}

/**
 * A profile's risks as badges, each with the host's full sentence as its title (which is also
 * its accessible description). Shown wherever the profile is shown: risk should never be a
 * setting one has to go and look for.
 */
export function WarningBadges({ warnings }: { warnings: readonly ProfileWarning[] }) {
  return (
    <>
      {warnings.map((warning) => (
        <span key={warning.code} className="badge badge-warning" title={warning.message}>
          {WARNING_LABELS[warning.code]}
        </span>
      ))}
    </>
  );
}

/**
 * How a profile reaches its server, when that is not the system's way: its manual proxy or no
 * proxy at all, and the client certificate it presents. The Sandbox is on this machine and
 * always reached directly, so it says nothing of the kind.
 */
export function NetworkBadges({ profile }: { profile: Pick<ProfileSummary, 'kind' | 'proxy' | 'tls'> }) {
  const proxy = profile.kind === 'sandbox' ? null : profile.proxy;
  return (
    <>
      {proxy?.mode === 'manual' && (
        <span className="badge badge-neutral badge-address" title="Requests go through this proxy">
          Proxy: {proxy.url}
        </span>
      )}
      {proxy?.mode === 'none' && (
        <span className="badge badge-neutral" title="Requests go straight to the server, whatever the system's proxy settings">
          No proxy
        </span>
      )}
      {profile.tls.clientCert && (
        <span className="badge badge-neutral" title="Presents a client certificate when the server asks for one">
          Client certificate
        </span>
      )}
    </>
  );
}

/**
 * Where a profile's key is, in words; never anything of the key itself. A key kept in memory
 * says why when the host gave a reason (e.g. the OS store cannot encrypt), since it will be
 * gone at the next start; any other note from the host follows too.
 */
export function keyStatusText(key: KeyStatus): string {
  return storedText(key, 'No key', KEY_PLACES);
}

const KEY_PLACES: Record<Exclude<KeyStatus['storage'], 'none'>, string> = {
  keychain: 'Key set — stored encrypted in the OS keychain',
  memory: 'Key set — kept in memory for this session only',
  environment: 'From the environment',
};

/**
 * Whether a proxy password or a certificate passphrase is set and where it is kept, in words;
 * never anything of the secret.
 */
export function secretStatusText(status: KeyStatus): string {
  return storedText(status, 'Not set', SECRET_PLACES);
}

/** Where a stored secret is (`places`), or `unset`, followed by the host's note when it gave one. */
function storedText(status: KeyStatus, unset: string, places: Record<Exclude<KeyStatus['storage'], 'none'>, string>): string {
  const where = !status.set || status.storage === 'none' ? unset : places[status.storage];
  return status.note ? `${where}. ${status.note}` : where;
}

const SECRET_PLACES: Record<Exclude<KeyStatus['storage'], 'none'>, string> = {
  keychain: 'Set, kept in the keychain',
  memory: 'Set, kept in memory for this session only',
  environment: 'From the environment',
};
