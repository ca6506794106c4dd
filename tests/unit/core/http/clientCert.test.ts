import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readClientCertificate, type ClientCertFiles } from '../../../../electron/core/http/clientCertFile';
import type { PlatformClient } from '../../../../electron/core/http/platformClient';
import type { ClientCertificate } from '../../../../electron/core/http/transport';
import type { InvokeResult } from '../../../../electron/shared/api';
import {
  makeTestPki,
  PASSPHRASE,
  startClientCertServer,
  startOpensslServer,
  type RunningServer,
  type TestPki,
} from '../../../support/clientCertServer';
import { testClient, testTarget } from '../../../support/platformClient';

/**
 * Client certificates with real TLS on loopback: a server that requires one from a private root
 * the test made. PEM (plain and encrypted key) and PKCS#12 are presented and accepted; none
 * given, or one from another root, fails with an error that says so and what to do.
 */
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let pki: TestPki;
let server: RunningServer;
let client: PlatformClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'client-cert-'));
  pki = await makeTestPki(dir);
  server = await startClientCertServer(pki);
  client = testClient();
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function certificate(files: Partial<ClientCertFiles> & { cert: string }): Promise<ClientCertificate> {
  const read = await readClientCertificate({ key: null, passphrase: null, ...files });
  if (!read.ok) throw new Error(read.message);
  return read.value;
}

function invoke(url: string, clientCert: ClientCertificate | null): Promise<InvokeResult> {
  const target = testTarget(url, 'client-cert-test-key-0123', { tls: { verify: true, extraCa: pki.rootPem, clientCert } });
  return client.invoke(target, { agentId: AGENT, text: 'hi', payload: {} });
}

function answerOf(result: InvokeResult): string {
  if (!result.ok) throw new Error(result.error.message);
  return result.value.response.answer;
}

function errorOf(result: InvokeResult): string {
  if (result.ok) throw new Error('the exchange succeeded');
  expect(result.error.code).toBe('network');
  return result.error.message;
}

describe('presenting a client certificate', () => {
  it('presents a PEM certificate and key, and the exchange shows the TLS version and the server certificate', async () => {
    const result = await invoke(server.url, await certificate({ cert: pki.file('client.pem'), key: pki.file('client.key') }));
    expect(answerOf(result)).toBe('hello analyst');
    if (!result.ok) return;
    expect(result.value.exchange.tls).toEqual({
      protocol: 'TLSv1.3',
      subject: 'CN=platform.test',
      issuer: 'CN=Agent Explorer Test Root, O=Tests',
    });
  });

  it('presents one whose key is encrypted, with its passphrase', async () => {
    const cert = await certificate({ cert: pki.file('client.pem'), key: pki.file('client.enc.key'), passphrase: PASSPHRASE });
    expect(answerOf(await invoke(server.url, cert))).toBe('hello analyst');
  });

  it('presents a PKCS#12 file with its passphrase', async () => {
    const cert = await certificate({ cert: pki.file('client.p12'), passphrase: PASSPHRASE });
    expect(answerOf(await invoke(server.url, cert))).toBe('hello analyst');
  });

  it('says the server asked for one when none was given', async () => {
    const message = errorOf(await invoke(server.url, null));
    expect(message).toContain('The server asked for a client certificate and none was given');
    expect(message).toContain('--cert FILE --key FILE');
  });

  it('says so over TLS 1.2 too, where the handshake itself fails', async () => {
    const old = await startClientCertServer(pki, { maxVersion: 'TLSv1.2' });
    try {
      const message = errorOf(await invoke(old.url, null));
      expect(message).toContain('no client certificate was given: a server that asks for one and gets none ends it so');
    } finally {
      await old.close();
    }
  });

  it('never carries a request without the certificate on a connection made with it', async () => {
    const cert = await certificate({ cert: pki.file('client.pem'), key: pki.file('client.key') });
    expect(answerOf(await invoke(server.url, cert))).toBe('hello analyst');
    // The kept-alive connection that presented it is another setting's: this request gets its own.
    expect(errorOf(await invoke(server.url, null))).toContain('none was given');
    expect(answerOf(await invoke(server.url, cert))).toBe('hello analyst');
  });

  it('says the certificate may have been refused when a server closes on one from another root', async () => {
    const message = errorOf(await invoke(server.url, await certificate({ cert: pki.file('intruder.pem'), key: pki.file('intruder.key') })));
    expect(message).toContain('it may have refused the client certificate (CN=intruder, issued by CN=Other Root)');
  });

  it("says the server refused it when the server's alert says so", async () => {
    const strict = await startOpensslServer(pki);
    try {
      const message = errorOf(
        await invoke(strict.url, await certificate({ cert: pki.file('intruder.pem'), key: pki.file('intruder.key') })),
      );
      expect(message).toContain('The server refused the client certificate (CN=intruder, issued by CN=Other Root)');
      expect(message).toContain('alert unknown_ca');
    } finally {
      await strict.close();
    }
  });
});
