import type { X509Certificate } from 'node:crypto';
import { readCappedBytes } from '../storage/cappedFile';
import { CLIENT_CERT_FILE, CLIENT_KEY_FILE, localFilePathProblem } from '../profiles/localFilePath';
import type { ClientCertificate } from './transport';
import { certificateName } from './certificateNames';

/**
 * Reading a client certificate from the files a person named, for every host that takes one:
 * PEM (a certificate file and a key file, or one file holding both; the key possibly encrypted)
 * or PKCS#12 (a .p12 or .pfx file, with its passphrase). The files get the same path rules as a
 * CA file (no network or device path: opening one connects elsewhere) and are read with the
 * capped reader (one handle, a regular file, at most 1 MB). What was read is checked as the
 * handshake will use it (node:crypto, then a secure context), so a problem is said here, in
 * words, before anything is sent: the wrong passphrase, a key that is not the certificate's, a
 * file that is not PEM. An expired certificate, or one not yet valid, is a warning: the server
 * decides, and some accept it.
 *
 * The material is kept in memory for the process only; nothing here writes it anywhere.
 */

export interface ClientCertFiles {
  /** The certificate (PEM), or a .p12/.pfx file holding certificate and key. */
  cert: string;
  /** The private key (PEM); null when `cert` holds it (PKCS#12, or a PEM file with both). */
  key: string | null;
  /** Decrypts an encrypted key or a PKCS#12 file; never shown. */
  passphrase: string | null;
  /** Where the person gives a passphrase, for the message when one is needed; the command line's by default. */
  passphraseHint?: string;
}

export type ClientCertRead = { ok: true; value: ClientCertificate; warnings: string[]; summary: string } | { ok: false; message: string };

/** Larger than any certificate chain and key; a bigger file is not one. */
const MAX_CERT_FILE_BYTES = 1024 * 1024;

const PKCS12_NAME = /\.(p12|pfx)$/i;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_KEY = /-----BEGIN ((?:ENCRYPTED |RSA |EC |DSA )?PRIVATE KEY)-----[\s\S]+?-----END \1-----/;

/** Whether a file's name says it is PKCS#12 (the command line's `--cert FILE.p12` alone). */
function isPkcs12Name(file: string): boolean {
  return PKCS12_NAME.test(file);
}

const CLI_PASSPHRASE_HINT = 'give its passphrase (on the command line, in the AGENT_EXPLORER_CERT_PASSPHRASE environment variable)';

export async function readClientCertificate(files: ClientCertFiles): Promise<ClientCertRead> {
  const fail = (message: string): ClientCertRead => ({ ok: false, message });
  const pkcs12 = isPkcs12Name(files.cert);
  if (pkcs12 && files.key !== null) return fail(`${files.cert} is a PKCS#12 file, which holds its own key: give no key file with it.`);
  for (const [file, names] of [
    [files.cert, CLIENT_CERT_FILE],
    [files.key, CLIENT_KEY_FILE],
  ] as const) {
    const problem = file === null ? null : localFilePathProblem(file, names);
    if (problem) return fail(problem.message);
  }
  const certRead = await readCappedBytes(files.cert, MAX_CERT_FILE_BYTES, 'client certificate file');
  if (!certRead.ok) return fail(`${files.cert}: ${certRead.reason}.`);
  if (pkcs12) return checkPkcs12(files.cert, certRead.bytes, files.passphrase, files.passphraseHint ?? CLI_PASSPHRASE_HINT);

  const certText = certRead.bytes.toString('utf8');
  const blocks = certText.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    return fail(
      `${files.cert} holds no PEM certificate (-----BEGIN CERTIFICATE-----). A PKCS#12 file is read as such when its name ends in .p12 or .pfx.`,
    );
  }
  let keyText: string;
  let keyFile: string;
  if (files.key === null) {
    if (!PEM_KEY.test(certText)) return fail(`${files.cert} holds a certificate but no private key: give the key file too.`);
    keyText = certText;
    keyFile = files.cert;
  } else {
    const keyRead = await readCappedBytes(files.key, MAX_CERT_FILE_BYTES, 'client key file');
    if (!keyRead.ok) return fail(`${files.key}: ${keyRead.reason}.`);
    keyText = keyRead.bytes.toString('utf8');
    keyFile = files.key;
  }
  const keyBlock = PEM_KEY.exec(keyText)?.[0];
  if (!keyBlock) return fail(`${keyFile} holds no PEM private key (-----BEGIN PRIVATE KEY-----).`);
  return checkPem(files.cert, blocks, keyFile, keyBlock, files.passphrase, files.passphraseHint ?? CLI_PASSPHRASE_HINT);
}

function checkPem(
  certFile: string,
  blocks: string[],
  keyFile: string,
  keyBlock: string,
  passphrase: string | null,
  hint: string,
): ClientCertRead {
  const crypto = process.getBuiltinModule('node:crypto');
  let leaf: X509Certificate;
  try {
    leaf = new crypto.X509Certificate(blocks[0]!);
    for (const block of blocks.slice(1)) new crypto.X509Certificate(block);
  } catch {
    return { ok: false, message: `${certFile} holds a PEM block that is not a valid certificate.` };
  }
  const encrypted = /ENCRYPTED/.test(keyBlock.split('\n', 3).join('\n'));
  let key;
  try {
    key = crypto.createPrivateKey({ key: keyBlock, ...(passphrase === null ? {} : { passphrase }) });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (encrypted && passphrase === null)
      return { ok: false, message: `The private key in ${keyFile} is encrypted and no passphrase was given: ${hint}.` };
    if (encrypted || /DECRYPT/.test(code))
      return { ok: false, message: `The passphrase does not decrypt the private key in ${keyFile}: check it.` };
    return { ok: false, message: `${keyFile} holds a private key that cannot be read (${code || 'not a key'}).` };
  }
  if (!leaf.checkPrivateKey(key)) {
    return {
      ok: false,
      message:
        `The private key in ${keyFile} does not match the certificate in ${certFile} (${certificateName(leaf)}): ` +
        'give the key made with that certificate.',
    };
  }
  const pem = `${blocks.join('\n')}\n`;
  const value: ClientCertificate = { kind: 'pem', cert: pem, key: keyBlock, passphrase };
  const context = contextProblem(value, certFile);
  if (context) return { ok: false, message: context };
  return { ok: true, value, warnings: validityWarnings(leaf, certFile), summary: certificateName(leaf) };
}

function checkPkcs12(file: string, bytes: Buffer, passphrase: string | null, hint: string): ClientCertRead {
  const value: ClientCertificate = { kind: 'pkcs12', pfx: new Uint8Array(bytes), passphrase };
  let leaf: X509Certificate | null;
  try {
    leaf = pkcs12Leaf(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/mac verify failure/i.test(message)) {
      return {
        ok: false,
        message:
          passphrase === null
            ? `${file} is protected by a passphrase and none was given: ${hint}.`
            : `The passphrase does not open ${file}: check it.`,
      };
    }
    if (/unsupported/i.test(message)) {
      return {
        ok: false,
        message:
          `${file} uses an old cipher (such as RC2) that this runtime no longer reads: ` +
          'export it again with a current tool (openssl pkcs12 -export without -legacy).',
      };
    }
    return { ok: false, message: `${file} is not a PKCS#12 file that can be read (${message.split('\n')[0]}).` };
  }
  if (leaf === null) return { ok: true, value, warnings: [], summary: 'a PKCS#12 certificate' };
  return { ok: true, value, warnings: validityWarnings(leaf, file), summary: certificateName(leaf) };
}

/** The certificate a PKCS#12 file holds, read through the secure context it makes (Node has no other PKCS#12 reader); throws what OpenSSL says. */
function pkcs12Leaf(cert: Extract<ClientCertificate, { kind: 'pkcs12' }>): X509Certificate | null {
  const context = process
    .getBuiltinModule('node:tls')
    .createSecureContext({ pfx: Buffer.from(cert.pfx), ...(cert.passphrase === null ? {} : { passphrase: cert.passphrase }) });
  // The native context's getCertificate() gives the certificate it will present (DER); absent, nothing is said of it.
  const der = (context.context as { getCertificate?: () => Buffer | null }).getCertificate?.();
  return der ? new (process.getBuiltinModule('node:crypto').X509Certificate)(der) : null;
}

/** What making the handshake's secure context says of the material, if anything. */
function contextProblem(cert: ClientCertificate, file: string): string | null {
  try {
    const options =
      cert.kind === 'pem'
        ? { cert: cert.cert, key: cert.key, ...(cert.passphrase === null ? {} : { passphrase: cert.passphrase }) }
        : { pfx: Buffer.from(cert.pfx), ...(cert.passphrase === null ? {} : { passphrase: cert.passphrase }) };
    process.getBuiltinModule('node:tls').createSecureContext(options);
    return null;
  } catch (error) {
    return `${file} cannot be used for TLS: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}.`;
  }
}

function validityWarnings(leaf: X509Certificate, file: string): string[] {
  const now = Date.now();
  const to = Date.parse(leaf.validTo);
  const from = Date.parse(leaf.validFrom);
  if (Number.isFinite(to) && to < now) {
    return [
      `the client certificate in ${file} (${certificateName(leaf)}) expired on ${new Date(to).toISOString().slice(0, 10)}: the server will likely refuse it`,
    ];
  }
  if (Number.isFinite(from) && from > now) {
    return [
      `the client certificate in ${file} (${certificateName(leaf)}) ` +
        `is not valid until ${new Date(from).toISOString().slice(0, 10)}: the server will likely refuse it`,
    ];
  }
  return [];
}
