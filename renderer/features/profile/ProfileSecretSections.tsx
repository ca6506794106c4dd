import type { ProfileSecretName, ProfileSummary } from '../../../electron/shared/contract';
import { useClearProfileSecret, useSetProfileSecret } from './queries/profileKey';
import { secretStatusText } from './ProfileBadges';
import { WriteOnlySecret, type SecretActions, type SecretWords } from './WriteOnlySecret';

/** The set and clear calls for one of the profile's secrets besides its key. */
function useSecretActions(profileId: string, name: ProfileSecretName): SecretActions {
  const set = useSetProfileSecret();
  const clear = useClearProfileSecret();
  return {
    busy: set.isPending || clear.isPending,
    set: (value, callbacks) =>
      set.mutate(
        { profileId, name, value },
        {
          ...callbacks,
          onSettled: () => {
            callbacks.onSettled();
            // Let go of the (already emptied) mutation so it leaves the cache at once (gcTime 0).
            set.reset();
          },
        },
      ),
    clear: (callbacks) => clear.mutate({ profileId, name }, callbacks),
  };
}

/** The Clear question's second sentence: nothing here can show the secret again. */
const GONE = 'Agent Explorer never shows it, so it cannot be recovered from here.';

/** The proxy's password, for a profile saved with a manual proxy; kept like the key and bound to that proxy. */
function ProxyPasswordSection({ profile, url, username }: { profile: ProfileSummary; url: string; username: string | null }) {
  const words: SecretWords = {
    heading: 'Proxy password',
    label: 'Password',
    noun: 'proxy password',
    placeholder: { unset: 'The password for the proxy', set: 'Type a new password to replace the current one' },
    empty: 'Type the password first.',
    save: 'Save password',
    replace: 'Replace password',
    clear: 'Clear password',
    confirmGroup: 'Confirm clear password',
    confirm: 'Yes, clear password',
    clearQuestion: (
      <>
        Clear the proxy password of <strong>{profile.name}</strong>? {GONE}
      </>
    ),
  };
  return (
    <WriteOnlySecret
      status={profile.secrets.proxyPassword}
      statusText={secretStatusText(profile.secrets.proxyPassword)}
      note={
        <p className="muted small">
          {username === null ? (
            <>Sent only with a user name: give the proxy user name under Proxy, and save.</>
          ) : (
            <>
              Sent only to the proxy <span className="mono">{url}</span>, as user <span className="mono">{username}</span>;
              another proxy clears it.
            </>
          )}
        </p>
      }
      focusName="proxy-password"
      words={words}
      actions={useSecretActions(profile.id, 'proxyPassword')}
    />
  );
}

/** The passphrase of the profile's client certificate (its key, or the PKCS#12 file), for a profile saved with one. */
function CertPassphraseSection({ profile, file }: { profile: ProfileSummary; file: string }) {
  const words: SecretWords = {
    heading: 'Certificate passphrase',
    label: 'Passphrase',
    noun: 'certificate passphrase',
    placeholder: { unset: 'The passphrase of the certificate file', set: 'Type a new passphrase to replace the current one' },
    empty: 'Type the passphrase first.',
    save: 'Save passphrase',
    replace: 'Replace passphrase',
    clear: 'Clear passphrase',
    confirmGroup: 'Confirm clear passphrase',
    confirm: 'Yes, clear passphrase',
    clearQuestion: (
      <>
        Clear the certificate passphrase of <strong>{profile.name}</strong>? {GONE}
      </>
    ),
  };
  return (
    <WriteOnlySecret
      status={profile.secrets.certPassphrase}
      statusText={secretStatusText(profile.secrets.certPassphrase)}
      note={
        <p className="muted small">
          Opens <span className="mono">{file}</span>, only for this profile&apos;s server; another file or server clears it.
          Not needed for a key that is not encrypted.
        </p>
      }
      focusName="cert-passphrase"
      words={words}
      actions={useSecretActions(profile.id, 'certPassphrase')}
    />
  );
}

/**
 * The secrets the saved settings call for, each write-only like the key: the proxy password
 * when the saved proxy is Manual, the passphrase when a client certificate is saved. They
 * follow what is saved, not what is typed: the host binds each to the proxy or the file saved.
 */
export function ProfileSecretSections({ profile }: { profile: ProfileSummary }) {
  const proxy = profile.proxy;
  const cert = profile.tls.clientCert;
  return (
    <>
      {proxy.mode === 'manual' && <ProxyPasswordSection key="proxy" profile={profile} url={proxy.url} username={proxy.username} />}
      {cert && <CertPassphraseSection key="cert" profile={profile} file={cert.kind === 'pkcs12' ? cert.file : cert.keyFile} />}
    </>
  );
}
