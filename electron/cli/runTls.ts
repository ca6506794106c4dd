import path from 'node:path';
import { readClientCertificate } from '../core/http/clientCertFile';
import { readCaFile } from '../core/profiles/profileInput';
import type { TransportTls } from '../core/http/transport';
import type { RunArgs } from './runArgs';

/** The variable a client key's or PKCS#12 file's passphrase is read from: never an argument, so never in a process list or a shell history. */
const CERT_PASSPHRASE_VARIABLE = 'AGENT_EXPLORER_CERT_PASSPHRASE';

/** Said on standard error, once per run, whenever --insecure is given. */
export const INSECURE_WARNING =
  "WARNING: TLS verification is OFF (--insecure): the platform's certificate is not checked, so anyone " +
  'on the network path can read and change the exchanges, the API key included.';

/** The passphrase, when one is set; an empty variable is none. */
export function certPassphrase(env: Record<string, string | undefined>): string | null {
  const value = env[CERT_PASSPHRASE_VARIABLE];
  return value === undefined || value === '' ? null : value;
}

/**
 * The run's TLS settings from --ca, --insecure, --cert and --key, read and checked with the
 * app's own readers (a profile's CA file; the client certificate reader) before anything is
 * sent. Files are named relative to `cwd`. `warn` gets the certificate's warnings (expired).
 */
export async function runTlsSettings(
  args: Pick<RunArgs, 'ca' | 'insecure' | 'cert' | 'key'>,
  env: Record<string, string | undefined>,
  cwd: string,
  warn: (text: string) => void,
): Promise<{ ok: true; tls: TransportTls } | { ok: false; message: string }> {
  let extraCa: string | null = null;
  if (args.ca !== undefined) {
    const ca = await readCaFile(path.resolve(cwd, args.ca));
    if (!ca.ok) return { ok: false, message: `--ca: ${ca.message}` };
    extraCa = ca.pem;
  }
  let clientCert: TransportTls['clientCert'] = null;
  if (args.cert !== undefined) {
    const read = await readClientCertificate({
      cert: path.resolve(cwd, args.cert),
      key: args.key === undefined ? null : path.resolve(cwd, args.key),
      passphrase: certPassphrase(env),
    });
    if (!read.ok) return { ok: false, message: `--cert: ${read.message}` };
    for (const warning of read.warnings) warn(`warning: ${warning}`);
    clientCert = read.value;
  }
  return { ok: true, tls: { verify: !args.insecure, extraCa, clientCert } };
}
