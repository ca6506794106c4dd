import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readClientCertificate, type ClientCertFiles } from '../../../../electron/core/http/clientCertFile';
import { makeTestPki, PASSPHRASE, type TestPki } from '../../../support/clientCertServer';

/**
 * Reading a client certificate says exactly what is wrong, before anything is sent: the wrong
 * passphrase, none for an encrypted key, a key that is not the certificate's, a file that is not
 * PEM, a network path; an expired certificate is read, with a warning.
 */
let dir: string;
let pki: TestPki;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'client-cert-file-'));
  pki = await makeTestPki(dir);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function problem(files: Partial<ClientCertFiles> & { cert: string }): Promise<string> {
  const read = await readClientCertificate({ key: null, passphrase: null, ...files });
  if (read.ok) throw new Error('it was read');
  return read.message;
}

describe('reading a client certificate', () => {
  it('reads PEM, an encrypted key with its passphrase, and PKCS#12, naming the certificate', async () => {
    const plain = await readClientCertificate({ cert: pki.file('client.pem'), key: pki.file('client.key'), passphrase: null });
    expect(plain).toMatchObject({ ok: true, warnings: [], summary: 'CN=analyst, O=Tests, issued by CN=Agent Explorer Test Root, O=Tests' });
    expect(
      await readClientCertificate({ cert: pki.file('client.pem'), key: pki.file('client.enc.key'), passphrase: PASSPHRASE }),
    ).toMatchObject({ ok: true });
    const p12 = await readClientCertificate({ cert: pki.file('client.p12'), key: null, passphrase: PASSPHRASE });
    expect(p12).toMatchObject({ ok: true, summary: 'CN=analyst, O=Tests, issued by CN=Agent Explorer Test Root, O=Tests' });
  });

  it('says when the passphrase is wrong or missing', async () => {
    expect(await problem({ cert: pki.file('client.pem'), key: pki.file('client.enc.key'), passphrase: 'not the passphrase' })).toBe(
      `The passphrase does not decrypt the private key in ${pki.file('client.enc.key')}: check it.`,
    );
    expect(await problem({ cert: pki.file('client.pem'), key: pki.file('client.enc.key') })).toContain(
      'is encrypted and no passphrase was given',
    );
    expect(await problem({ cert: pki.file('client.p12'), passphrase: 'not the passphrase' })).toBe(
      `The passphrase does not open ${pki.file('client.p12')}: check it.`,
    );
    expect(await problem({ cert: pki.file('client.p12') })).toContain('is protected by a passphrase and none was given');
  });

  it("says when the key is not the certificate's", async () => {
    expect(await problem({ cert: pki.file('client.pem'), key: pki.file('intruder.key') })).toBe(
      `The private key in ${pki.file('intruder.key')} does not match the certificate in ${pki.file('client.pem')} (CN=analyst, O=Tests, issued by CN=Agent Explorer Test Root, O=Tests): give the key made with that certificate.`,
    );
  });

  it('says when a file is not PEM, holds no key, or is not a PKCS#12 file', async () => {
    const der = path.join(dir, 'client.der');
    await writeFile(der, Buffer.from([0x30, 0x82, 0x01, 0x0a, 0x02]));
    expect(await problem({ cert: der, key: pki.file('client.key') })).toContain('holds no PEM certificate (-----BEGIN CERTIFICATE-----)');
    expect(await problem({ cert: pki.file('client.pem') })).toContain('holds a certificate but no private key: give the key file too');
    expect(await problem({ cert: pki.file('client.pem'), key: pki.file('client.pem') })).toContain('holds no PEM private key');
    const fake = path.join(dir, 'fake.p12');
    await writeFile(fake, 'not pkcs12');
    expect(await problem({ cert: fake, passphrase: 'x' })).toContain('is not a PKCS#12 file that can be read');
    expect(await problem({ cert: pki.file('client.p12'), key: pki.file('client.key') })).toContain(
      'holds its own key: give no key file with it',
    );
  });

  it('refuses network and device paths, and says when a file is missing', async () => {
    expect(await problem({ cert: '//fileserver/share/client.pem', key: pki.file('client.key') })).toContain(
      'is a network path. A client certificate file must be on this computer',
    );
    expect(await problem({ cert: pki.file('client.pem'), key: '\\\\.\\pipe\\key' })).toContain('is a device path, not a file');
    expect(await problem({ cert: path.join(dir, 'missing.pem'), key: pki.file('client.key') })).toContain(
      'the client certificate file does not exist',
    );
  });

  it('reads an expired certificate with a warning', async () => {
    const pems = await generate([{ name: 'commonName', value: 'old analyst' }], {
      keyType: 'ec',
      notBeforeDate: new Date(Date.now() - 3 * 24 * 3600 * 1000),
      notAfterDate: new Date(Date.now() - 24 * 3600 * 1000),
    });
    const both = path.join(dir, 'expired.pem');
    await writeFile(both, `${pems.cert}\n${pems.private}`);
    const read = await readClientCertificate({ cert: both, key: null, passphrase: null });
    expect(read.ok).toBe(true);
    if (read.ok)
      expect(read.warnings).toEqual([
        expect.stringMatching(
          /^the client certificate in .*expired\.pem \(CN=old analyst, issued by CN=old analyst\) expired on \d{4}-\d\d-\d\d: the server will likely refuse it$/,
        ),
      ]);
  });
});
