import path from 'node:path';

/**
 * The path rules for files of TLS material a profile names (a CA file, a client certificate or
 * key), judged from the text alone: shared by the profile form's checks, the profile's network
 * settings and the client-certificate reader.
 */

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
export const CLIENT_CERT_FILE: LocalFileNames = {
  short: 'client certificate file',
  full: 'client certificate file',
  kind: 'certificate file',
  copy: 'the certificate',
};
export const CLIENT_KEY_FILE: LocalFileNames = { short: 'key file', full: 'client key file', kind: 'key file', copy: 'the key' };

/** caFilePathProblem's rules for any file of TLS material (a CA, a client certificate or key), named by `names`. */
export function localFilePathProblem(
  file: string,
  names: LocalFileNames,
  platform: NodeJS.Platform = process.platform,
): CaFilePathProblem | null {
  if (/^[\\/]{2}[?.][\\/]/.test(file) || /^[\\/]\?\?[\\/]/.test(file)) return { kind: 'device', message: deviceMessage(file, names) };
  if (/^[\\/]{2}/.test(file)) {
    return {
      kind: 'network',
      message:
        `${file} is a network path. A ${names.short} must be on this computer: ` +
        'opening a network path connects to its host (on Windows, signing in there as you). ' +
        `Copy ${names.copy} to this computer and give that path.`,
    };
  }
  const windows = platform === 'win32';
  if (windows) {
    const parts = file.split(/[\\/]/);
    const drive = /^[a-z]:/i.test(file) ? 2 : 0;
    if (file.indexOf(':', drive) !== -1) return { kind: 'device', message: deviceMessage(file, names) };
    if (
      parts.some((part) =>
        WINDOWS_DEVICE_NAME.test(
          part
            .replace(/^[a-z]:/i, '')
            .split('.')[0]!
            .trimEnd(),
        ),
      )
    )
      return { kind: 'device', message: deviceMessage(file, names) };
  }
  if (!(windows ? path.win32 : path.posix).isAbsolute(file))
    return { kind: 'relative', message: `Give the full path of the ${names.full}.` };
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
const deviceMessage = (file: string, names: LocalFileNames) =>
  `${file} is a device path, not a file. Give the path of a ${names.kind} on this computer.`;
