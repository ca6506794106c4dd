import type { ReactNode } from 'react';
import type { ProfileSecretName, ProfileSummary } from '../../../electron/shared/api';
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

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The words of a secret's section, from what it is (`word`, e.g. "password") and whose it is
 * (`noun`, e.g. "proxy password"): the same sentences for every secret besides the key.
 */
function secretWords(word: string, noun: string, unsetPlaceholder: string, profileName: string): SecretWords {
  return {
    heading: capitalized(noun),
    label: capitalized(word),
    noun,
    placeholder: { unset: unsetPlaceholder, set: `Type a new ${word} to replace the current one` },
    empty: `Type the ${word} first.`,
    save: `Save ${word}`,
    replace: `Replace ${word}`,
    clear: `Clear ${word}`,
    confirmGroup: `Confirm clear ${word}`,
    confirm: `Yes, clear ${word}`,
    clearQuestion: (
      <>
        Clear the {noun} of <strong>{profileName}</strong>? {GONE}
      </>
    ),
  };
}

/** One of the profile's secrets besides its key, as a write-only section; `note` says where it goes. */
function ProfileSecret({
  profile,
  name,
  words,
  focusName,
  note,
}: {
  profile: ProfileSummary;
  name: ProfileSecretName;
  words: SecretWords;
  focusName: string;
  note: ReactNode;
}) {
  const status = profile.secrets[name];
  return (
    <WriteOnlySecret
      status={status}
      statusText={secretStatusText(status)}
      note={<p className="muted small">{note}</p>}
      focusName={focusName}
      words={words}
      actions={useSecretActions(profile.id, name)}
    />
  );
}

/** The proxy's password, for a profile saved with a manual proxy; kept like the key and bound to that proxy. */
function ProxyPasswordSection({ profile, url, username }: { profile: ProfileSummary; url: string; username: string | null }) {
  const words = secretWords('password', 'proxy password', 'The password for the proxy', profile.name);
  const note =
    username === null ? (
      <>Sent only with a user name: give the proxy user name under Proxy, and save.</>
    ) : (
      <>
        Sent only to the proxy <span className="mono">{url}</span>, as user <span className="mono">{username}</span>; another proxy clears
        it.
      </>
    );
  return <ProfileSecret profile={profile} name="proxyPassword" words={words} focusName="proxy-password" note={note} />;
}

/** The passphrase of the profile's client certificate (its key, or the PKCS#12 file), for a profile saved with one. */
function CertPassphraseSection({ profile, file }: { profile: ProfileSummary; file: string }) {
  const words = secretWords('passphrase', 'certificate passphrase', 'The passphrase of the certificate file', profile.name);
  const note = (
    <>
      Opens <span className="mono">{file}</span>, only for this profile&apos;s server; another file or server clears it. Not needed for a
      key that is not encrypted.
    </>
  );
  return <ProfileSecret profile={profile} name="certPassphrase" words={words} focusName="cert-passphrase" note={note} />;
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
