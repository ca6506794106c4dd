import type { ClientCertSettings, ProxySettings, Result } from '../../shared/api';
import { invalid, isPlainObject } from '../../shared/check';
import { parseProxyUrl } from '../http/proxyEnv';
import { CLIENT_CERT_FILE, CLIENT_KEY_FILE, localFilePathProblem, type CaFilePathProblem, type LocalFileNames } from './localFilePath';

/**
 * The rules for a profile's proxy and client certificate, as typed into the profile form, read
 * from profiles.json or from a workspace file. Paths are judged by their text (no file is opened
 * here): a certificate's key may need a passphrase given later, and a workspace file's paths are
 * not touched before the person chooses to import it. The files are read when a request is sent.
 */

const MAX_PROXY_URL_CHARS = 2048;
const MAX_USERNAME_CHARS = 256;
const MAX_BYPASS_ENTRIES = 200;
const MAX_BYPASS_ENTRY_CHARS = 255;

// eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Type check only, for the IPC/HTTP boundary and files. */
export function isProxySettingsShape(raw: unknown): raw is ProxySettings {
  if (!isPlainObject(raw)) return false;
  const r = raw;
  if (r['mode'] === 'system' || r['mode'] === 'none') return true;
  return (
    r['mode'] === 'manual' &&
    typeof r['url'] === 'string' &&
    (r['username'] === null || typeof r['username'] === 'string') &&
    Array.isArray(r['bypass']) &&
    (r['bypass'] as unknown[]).every((entry) => typeof entry === 'string')
  );
}

/** Type check only, for the IPC/HTTP boundary and files. */
export function isClientCertShape(raw: unknown): raw is ClientCertSettings {
  if (!isPlainObject(raw)) return false;
  const r = raw;
  if (r['kind'] === 'pem') return typeof r['certFile'] === 'string' && typeof r['keyFile'] === 'string';
  return r['kind'] === 'pkcs12' && typeof r['file'] === 'string';
}

/** The proxy setting, normalised: the URL as scheme://host:port, the username trimmed, the bypass list without blanks. */
export function checkProxySettings(proxy: ProxySettings): Result<ProxySettings> {
  if (proxy.mode !== 'manual') return { ok: true, value: { mode: proxy.mode } };
  const text = proxy.url.trim();
  if (text === '') return invalid('Give the proxy URL, for example http://proxy.example.com:3128.', 'proxyUrl');
  if (text.length > MAX_PROXY_URL_CHARS || CONTROL.test(text)) return invalid('The proxy URL is not one URL on one line.', 'proxyUrl');
  const parsed = parseProxyUrl(text, 'The proxy URL');
  if (!parsed.ok) return invalid(`${parsed.message}.`, 'proxyUrl');
  // profiles.json and workspace files keep the URL in clear; the password belongs in the keychain.
  if (parsed.value.password !== null) {
    return invalid(
      'The proxy URL holds a password: remove it from the URL and give it in the Password field, which keeps it like the key.',
      'proxyUrl',
    );
  }
  const username = (proxy.username ?? parsed.value.username ?? '').trim();
  if (username.length > MAX_USERNAME_CHARS || CONTROL.test(username))
    return invalid(`The proxy user name must be one line of at most ${MAX_USERNAME_CHARS} characters.`, 'proxyUsername');
  const bypass = proxy.bypass.flatMap((entry) => entry.split(/[\s,]+/)).filter((entry) => entry !== '');
  if (bypass.length > MAX_BYPASS_ENTRIES) return invalid(`The bypass list has more than ${MAX_BYPASS_ENTRIES} entries.`, 'proxyBypass');
  const bad = bypass.find(
    (entry) => entry.length > MAX_BYPASS_ENTRY_CHARS || CONTROL.test(entry) || /[/?#@]/.test(entry.replace(/^[0-9a-f:.]+\/\d{1,3}$/i, '')),
  );
  if (bad !== undefined) {
    return invalid(
      `"${bad.slice(0, 80)}" is not a bypass entry: give host names (example.com, .example.com), addresses or ranges (10.0.0.0/8), host:port, or *.`,
      'proxyBypass',
    );
  }
  return { ok: true, value: { mode: 'manual', url: parsed.value.url.origin, username: username === '' ? null : username, bypass } };
}

/**
 * What is wrong with each path of a client certificate setting, by the rules checkClientCert
 * applies (text only): a workspace file's reader refuses a profile for a network or device
 * path, whichever of the two paths it is, before anything touches it.
 */
export function clientCertPathProblems(cert: ClientCertSettings): CaFilePathProblem[] {
  const paths: [string, LocalFileNames][] =
    cert.kind === 'pkcs12'
      ? [[cert.file, CLIENT_CERT_FILE]]
      : [
          [cert.certFile, CLIENT_CERT_FILE],
          [cert.keyFile, CLIENT_KEY_FILE],
        ];
  return paths.flatMap(([file, names]) => localFilePathProblem(file.trim(), names) ?? []);
}

/** The client certificate setting, with its paths trimmed and judged by their text alone. */
export function checkClientCert(cert: ClientCertSettings | null | undefined): Result<ClientCertSettings | null> {
  if (!cert) return { ok: true, value: null };
  if (cert.kind === 'pkcs12') {
    const file = cert.file.trim();
    if (file === '') return invalid('Give the path of the PKCS#12 file (.p12 or .pfx).', 'clientCertFile');
    const problem = localFilePathProblem(file, CLIENT_CERT_FILE);
    return problem ? invalid(problem.message, 'clientCertFile') : { ok: true, value: { kind: 'pkcs12', file } };
  }
  const certFile = cert.certFile.trim();
  const keyFile = cert.keyFile.trim();
  if (certFile === '') return invalid('Give the path of the certificate file (PEM).', 'clientCertFile');
  const certProblem = localFilePathProblem(certFile, CLIENT_CERT_FILE);
  if (certProblem) return invalid(certProblem.message, 'clientCertFile');
  if (keyFile === '') return invalid('Give the path of the private key file (PEM).', 'clientKeyFile');
  const keyProblem = localFilePathProblem(keyFile, CLIENT_KEY_FILE);
  if (keyProblem) return invalid(keyProblem.message, 'clientKeyFile');
  return { ok: true, value: { kind: 'pem', certFile, keyFile } };
}

/** The proxy a password is for: the manual proxy's origin, or null when the setting names no proxy. */
export function proxyOrigin(proxy: ProxySettings): string | null {
  return proxy.mode === 'manual' ? proxy.url : null;
}

/** The file a passphrase opens (the PKCS#12 file, or the PEM key), or null when there is no certificate. */
export function passphraseFile(cert: ClientCertSettings | null | undefined): string | null {
  if (!cert) return null;
  return cert.kind === 'pkcs12' ? cert.file : cert.keyFile;
}
