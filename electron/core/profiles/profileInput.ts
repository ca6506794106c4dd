import { readFile, stat } from 'node:fs/promises';
import type { ProfileInput, ProxySettings, Result } from '../../shared/api';
import { invalid, isPlainObject } from '../../shared/check';
import { checkBaseUrl } from './baseUrl';
import { checkPresentation } from './keyPresentation';
import { caFilePathProblem } from './localFilePath';
import { checkClientCert, checkProxySettings, isClientCertShape, isProxySettingsShape } from './profileNetwork';

/**
 * Checks what a person typed into the profile form. The transport only checks types; the
 * rules live here and come back as errors with a `field`, so the form can point at the field
 * and keep everything the person typed.
 */

const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 10 * 60_000;
const MAX_NAME_CHARS = 80;
const MAX_CA_FILE_BYTES = 1024 * 1024;

/** Type check only, for the IPC/HTTP boundary. */
export function isProfileInputShape(raw: unknown): raw is ProfileInput {
  if (!isPlainObject(raw)) return false;
  const r = raw;
  const tls = r['tls'];
  return (
    typeof r['name'] === 'string' &&
    typeof r['baseUrl'] === 'string' &&
    typeof r['auth'] === 'object' &&
    r['auth'] !== null &&
    typeof r['timeoutMs'] === 'number' &&
    isPlainObject(tls) &&
    typeof tls['verify'] === 'boolean' &&
    (tls['caFile'] === null || typeof tls['caFile'] === 'string') &&
    (tls['clientCert'] === undefined || tls['clientCert'] === null || isClientCertShape(tls['clientCert'])) &&
    (r['proxy'] === undefined || isProxySettingsShape(r['proxy'])) &&
    typeof r['allowInsecureHttp'] === 'boolean'
  );
}

/** Reads a CA file: an absolute, local path (caFilePathProblem) to PEM text with at least one valid certificate. */
export async function readCaFile(file: string): Promise<{ ok: true; pem: string } | { ok: false; message: string }> {
  const problem = caFilePathProblem(file);
  if (problem !== null) return { ok: false, message: problem.message };
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, message: `${file} is not a file.` };
    if (info.size > MAX_CA_FILE_BYTES)
      return { ok: false, message: `${file} is larger than 1 MB; it does not look like a certificate file.` };
    const pem = await readFile(file, 'utf8');
    const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length === 0) return { ok: false, message: `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----).` };
    // node:crypto on first use, not at the command line's start (which reads no CA file).
    const { X509Certificate } = process.getBuiltinModule('node:crypto');
    for (const block of blocks) new X509Certificate(block);
    return { ok: true, pem: blocks.join('\n') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, message: `${file} does not exist.` };
    if (code === 'EACCES') return { ok: false, message: `${file} cannot be read (permission denied).` };
    return { ok: false, message: `${file} is not a valid PEM certificate file.` };
  }
}

/**
 * Checks and normalises a profile input; `others` are the profiles it must not clash with.
 * `readCaFile: false` judges a CA file by its path alone (caFilePathProblem) and touches no
 * file: for a profile from a workspace file, before the person has chosen to import it.
 */
/** A checked profile input: every setting present (a proxy setting left out is the system's). */
export type CheckedProfileInput = ProfileInput & { proxy: ProxySettings };

export async function checkProfileInput(
  input: ProfileInput,
  others: readonly { name: string }[],
  options: { readCaFile?: boolean } = {},
): Promise<Result<CheckedProfileInput>> {
  const name = input.name.trim();
  if (name === '') return invalid('Give the profile a name.', 'name');
  if (name.length > MAX_NAME_CHARS) return invalid(`Keep the name under ${MAX_NAME_CHARS} characters.`, 'name');
  if (others.some((profile) => profile.name.toLowerCase() === name.toLowerCase())) {
    return invalid(`There is already a profile named "${name}".`, 'name');
  }
  const baseUrl = checkBaseUrl(input.baseUrl, input.allowInsecureHttp);
  if (!baseUrl.ok) return baseUrl;
  const auth = checkPresentation(input.auth);
  if (!auth.ok) return auth;
  if (!Number.isInteger(input.timeoutMs) || input.timeoutMs < MIN_TIMEOUT_MS || input.timeoutMs > MAX_TIMEOUT_MS) {
    return invalid('The time-out must be a whole number of seconds from 1 to 600.', 'timeoutMs');
  }
  const caFile = input.tls.caFile?.trim() || null;
  if (caFile) {
    const problem =
      options.readCaFile === false
        ? caFilePathProblem(caFile)?.message
        : await readCaFile(caFile).then((ca) => (ca.ok ? undefined : ca.message));
    if (problem !== undefined) return invalid(problem, 'caFile');
  }
  const proxy = checkProxySettings(input.proxy ?? { mode: 'system' });
  if (!proxy.ok) return proxy;
  const clientCert = checkClientCert(input.tls.clientCert);
  if (!clientCert.ok) return clientCert;
  return {
    ok: true,
    value: {
      name,
      baseUrl: baseUrl.value,
      auth: auth.value,
      timeoutMs: input.timeoutMs,
      tls: { verify: input.tls.verify, caFile, clientCert: clientCert.value },
      allowInsecureHttp: input.allowInsecureHttp,
      proxy: proxy.value,
    },
  };
}
