import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppError, ProfileInput, ProxySettings, Result } from '../shared/contract';
import { checkBaseUrl } from './baseUrl';
import { checkPresentation } from './keyPresentation';
import type { Profile } from './profiles';
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

function fieldError(field: string, message: string): { ok: false; error: AppError } {
  return { ok: false, error: { code: 'invalid_argument', message, field } };
}

/** Type check only, for the IPC/HTTP boundary. */
export function isProfileInputShape(raw: unknown): raw is ProfileInput {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as Record<string, unknown>;
  const tls = r['tls'] as Record<string, unknown> | null | undefined;
  return (
    typeof r['name'] === 'string' &&
    typeof r['baseUrl'] === 'string' &&
    typeof r['auth'] === 'object' &&
    r['auth'] !== null &&
    typeof r['timeoutMs'] === 'number' &&
    typeof tls === 'object' &&
    tls !== null &&
    typeof tls['verify'] === 'boolean' &&
    (tls['caFile'] === null || typeof tls['caFile'] === 'string') &&
    (tls['clientCert'] === undefined || tls['clientCert'] === null || isClientCertShape(tls['clientCert'])) &&
    (r['proxy'] === undefined || isProxySettingsShape(r['proxy'])) &&
    typeof r['allowInsecureHttp'] === 'boolean'
  );
}

/**
 * Why a CA file path cannot be used, from its text alone: nothing is opened, stat'ed or looked
 * up. A path may come from a workspace file someone else wrote, so before anything touches it:
 * - a network path (`\\host\share\…`, `//host/share/…`, any mix of the two slashes) is
 *   refused on every platform: opening one connects to that host, and on Windows signs in there
 *   with the person's credentials, with no click;
 * - a Windows device path is refused on every platform (`\\?\…`, `\\.\…`, `\??\…` reach
 *   devices, pipes and raw paths), and on Windows a reserved device name in any part (CON, PRN,
 *   AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$, with or without an extension) or a `:` past the
 *   drive (an alternate stream, `COM1:`);
 * - a relative path has no meaning here: the full path is asked for.
 * `platform` picks the path rules (Windows forms are tested on any platform with 'win32').
 */
export function caFilePathProblem(file: string, platform: NodeJS.Platform = process.platform): CaFilePathProblem | null {
  return localFilePathProblem(file, CA_FILE, platform);
}

/** How the path rules name the file they judge. */
export interface LocalFileNames {
  /** "A CA file must be on this computer" */
  short: string;
  /** "Give the full path of the CA certificate file." */
  full: string;
  /** "Give the path of a PEM certificate file on this computer." */
  kind: string;
  /** "Copy the certificate to this computer" */
  copy: string;
}

const CA_FILE: LocalFileNames = { short: 'CA file', full: 'CA certificate file', kind: 'PEM certificate file', copy: 'the certificate' };

/** caFilePathProblem's rules for any file of TLS material (a CA, a client certificate or key), named by `names`. */
export function localFilePathProblem(file: string, names: LocalFileNames, platform: NodeJS.Platform = process.platform): CaFilePathProblem | null {
  if (/^[\\/]{2}[?.][\\/]/.test(file) || /^[\\/]\?\?[\\/]/.test(file)) return { kind: 'device', message: deviceMessage(file, names) };
  if (/^[\\/]{2}/.test(file)) {
    return {
      kind: 'network',
      message: `${file} is a network path. A ${names.short} must be on this computer: opening a network path connects to its host (on Windows, signing in there as you). Copy ${names.copy} to this computer and give that path.`,
    };
  }
  const windows = platform === 'win32';
  if (windows) {
    const parts = file.split(/[\\/]/);
    const drive = /^[a-z]:/i.test(file) ? 2 : 0;
    if (file.indexOf(':', drive) !== -1) return { kind: 'device', message: deviceMessage(file, names) };
    if (parts.some((part) => WINDOWS_DEVICE_NAME.test(part.replace(/^[a-z]:/i, '').split('.')[0]!.trimEnd()))) return { kind: 'device', message: deviceMessage(file, names) };
  }
  if (!(windows ? path.win32 : path.posix).isAbsolute(file)) return { kind: 'relative', message: `Give the full path of the ${names.full}.` };
  return null;
}

export interface CaFilePathProblem {
  /** network and device paths are refused; a relative one only asks for the full path. */
  kind: 'network' | 'device' | 'relative';
  message: string;
}

/** Windows' reserved device names (the part of a name before its first dot, trailing spaces ignored). */
// ¹²³ (superscript digits) as escapes: the bundles stay ASCII only, which Node reads faster.
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)$/i;
const deviceMessage = (file: string, names: LocalFileNames) => `${file} is a device path, not a file. Give the path of a ${names.kind} on this computer.`;

/** Reads a CA file: an absolute, local path (caFilePathProblem) to PEM text with at least one valid certificate. */
export async function readCaFile(file: string): Promise<{ ok: true; pem: string } | { ok: false; message: string }> {
  const problem = caFilePathProblem(file);
  if (problem !== null) return { ok: false, message: problem.message };
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, message: `${file} is not a file.` };
    if (info.size > MAX_CA_FILE_BYTES) return { ok: false, message: `${file} is larger than 1 MB; it does not look like a certificate file.` };
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

export async function checkProfileInput(input: ProfileInput, others: Profile[], options: { readCaFile?: boolean } = {}): Promise<Result<CheckedProfileInput>> {
  const name = input.name.trim();
  if (name === '') return fieldError('name', 'Give the profile a name.');
  if (name.length > MAX_NAME_CHARS) return fieldError('name', `Keep the name under ${MAX_NAME_CHARS} characters.`);
  if (others.some((profile) => profile.name.toLowerCase() === name.toLowerCase())) {
    return fieldError('name', `There is already a profile named "${name}".`);
  }
  const baseUrl = checkBaseUrl(input.baseUrl, input.allowInsecureHttp);
  if (!baseUrl.ok) return baseUrl;
  const auth = checkPresentation(input.auth);
  if (!auth.ok) return auth;
  if (!Number.isInteger(input.timeoutMs) || input.timeoutMs < MIN_TIMEOUT_MS || input.timeoutMs > MAX_TIMEOUT_MS) {
    return fieldError('timeoutMs', 'The time-out must be a whole number of seconds from 1 to 600.');
  }
  const caFile = input.tls.caFile?.trim() || null;
  if (caFile) {
    const problem = options.readCaFile === false ? caFilePathProblem(caFile)?.message : await readCaFile(caFile).then((ca) => (ca.ok ? undefined : ca.message));
    if (problem !== undefined) return fieldError('caFile', problem);
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
