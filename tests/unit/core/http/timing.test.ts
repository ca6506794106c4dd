import { afterEach, describe, expect, it } from 'vitest';
import { phasesOf } from '../../../../electron/core/http/timing';
import { startTestServer, type TestServer } from '../../../support/testServer';
import { startTlsServer, type TlsTestServer } from '../../../support/tlsServer';
import { testClient, testTarget } from '../../../support/platformClient';

const servers: (TestServer | TlsTestServer)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const guideline = JSON.stringify({ name: 'N', description: 'D', content: 'C' });

describe('phases of an exchange, measured on the socket', () => {
  it('a first request connects; the next one on the same client reuses the connection', async () => {
    const server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(guideline);
    });
    servers.push(server);
    const client = testClient();
    const first = await client.getGuideline(testTarget(server.url, 'k'), { guidelineId: 'g' });
    const second = await client.getGuideline(testTarget(server.url, 'k'), { guidelineId: 'g' });
    const one = first.ok ? first.value.exchange.timing : null;
    const two = second.ok ? second.value.exchange.timing : null;

    expect(one).toMatchObject({ reusedConnection: false, dns: null, tls: null });
    expect(one?.connect).toEqual(expect.any(Number));
    expect(one?.wait).toEqual(expect.any(Number));
    expect(two).toMatchObject({ reusedConnection: true, dns: null, connect: null, tls: null });
    for (const timing of [one, two]) {
      const phases = [timing?.dns, timing?.connect, timing?.tls, timing?.send, timing?.wait, timing?.download];
      const sum = phases.reduce<number>((total, phase) => total + (phase ?? 0), 0);
      expect(sum).toBeCloseTo(timing?.total ?? -1, 1);
    }
  });

  it('has a TLS phase over https, and a DNS phase for a host name', async () => {
    const server = await startTlsServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(guideline);
    });
    servers.push(server);
    const byName = server.url.replace('127.0.0.1', 'localhost');
    const result = await testClient().getGuideline(testTarget(byName, 'k', { tls: { verify: true, extraCa: server.certificate } }), {
      guidelineId: 'g',
    });
    const timing = result.ok ? result.value.exchange.timing : null;
    expect(timing?.tls).toEqual(expect.any(Number));
    expect(timing?.dns).toEqual(expect.any(Number));
  });

  it('keeps the phases it reached when the exchange fails', async () => {
    const server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
    });
    servers.push(server);
    const result = await testClient().getGuideline(testTarget(server.url, 'k', { timeoutMs: 200 }), { guidelineId: 'g' });
    expect(!result.ok && result.error.code).toBe('timeout');
    const timing = !result.ok ? result.error.exchange?.timing : null;
    expect(timing?.wait).toEqual(expect.any(Number));
    expect(timing?.total).toBeGreaterThanOrEqual(190);
  });

  it('counts a missing step as null, never as zero', () => {
    expect(phasesOf({ start: 0, sent: 2, firstByte: 7, reusedConnection: true }, 9)).toEqual({
      dns: null,
      connect: null,
      tls: null,
      send: 2,
      wait: 5,
      download: 2,
      total: 9,
      reusedConnection: true,
    });
  });
});
