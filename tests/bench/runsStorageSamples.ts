import {
  brotliCompressSync,
  constants,
  deflateRawSync,
  inflateRawSync,
  brotliDecompressSync,
  zstdCompressSync,
  zstdDecompressSync,
} from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openMemoryDatabase } from '../../electron/core/db/open';
import { createDataUploads } from '../../electron/core/runs/dataUploads';
import { sendRunData } from '../../renderer/features/runs/sendRunData';
import { DETAIL_DICTIONARY, packDetail, unpackDetail } from '../../electron/core/db/packedDetail';
import { createExportTickets } from '../../electron/core/reports/runs/exportTickets';
import { createRunMethods } from '../../electron/core/runs/runService';
import { storedResults, type StoredRunResult } from '../../electron/core/runs/runStore';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { testClient, testTarget } from '../support/platformClient';

/**
 * Real Sandbox results for the storage bench: a suite run by the app's own run service against a
 * loopback Sandbox, each of its four answering agents on every data row (status, contract and an
 * answer expectation each), or the Support reply drafter judged by the Guideline judge. What the
 * store is handed, whole: the request, the platform's result with its raw exchange (bodies,
 * headers, timing), the expectations, the judgement.
 */

const KEY = 'bench-storage-key-0123456789';

export async function realResults(rows: number, judged: boolean): Promise<StoredRunResult[]> {
  const sandbox = await startSandbox({ apiKey: KEY, latency: 'none' });
  const database = openMemoryDatabase();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-storage-data-'));
  try {
    let ended = () => {};
    const done = new Promise<void>((resolve) => (ended = resolve));
    const profile = { id: 'sandbox', name: 'Sandbox', baseUrl: sandbox.url };
    const { api } = createRunMethods({
      store: database.runs,
      client: testClient(),
      exports: createExportTickets(),
      resolve: async () => ({ ok: true, value: { profile, target: testTarget(sandbox.url, KEY) } }),
      emit: (progress) => progress.state !== 'running' && ended(),
      wallClock: () => new Date(),
      version: 'bench',
      uploads: createDataUploads({ dir: uploadsDir }),
    });
    const agent = (name: string) => SANDBOX_AGENTS.find((candidate) => candidate.name === name)!.id;
    const csv = ['text,customer_name,company,topic,order_id,status,audience,tone'];
    for (let i = 1; i <= rows; i += 1)
      csv.push(
        `My refund for order NW-${10_000 + i} has not arrived yet.,Customer ${i},Northwind Cloud,${i % 2 ? 'a delayed refund' : 'signing in'},` +
          `NW-${10_000 + i},${i % 3 ? 'out for delivery' : 'packed'},the team of ${i},${i % 2 ? 'concise' : 'friendly'}`,
      );
    const drafter = {
      agent: agent('Support reply drafter'),
      text: '{{text}}',
      payload: { customer_name: '{{customer_name}}', company: '{{company}}', topic: '{{topic}}' },
      expect: { answerContains: '{{customer_name}}' },
    };
    const checklist = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Support reply checklist')!.id;
    const cases = judged
      ? [{ ...drafter, expect: { ...drafter.expect, judge: { agent: agent('Guideline judge'), guideline: checklist } } }]
      : [
          drafter,
          {
            agent: agent('Order status explainer'),
            text: '{{text}}',
            payload: { order_id: '{{order_id}}', status: '{{status}}' },
            expect: { answerContains: '{{order_id}}' },
          },
          {
            agent: agent('Meeting summariser'),
            text: '{{text}}',
            payload: { audience: '{{audience}}', tone: '{{tone}}' },
            expect: { answerContains: '{{audience}}' },
          },
          { agent: agent('Echo'), text: '{{text}}', payload: {}, expect: { answerContains: '{{order_id}}' } },
        ];
    // As the page does: the data file first, in pieces, then the run naming it.
    const sent = await sendRunData(api, { name: 'rows.csv', text: `${csv.join('\n')}\n` });
    if (!sent.ok) throw new Error(`the bench's data file was not sent: ${sent.error.message}`);
    const started = await api.startRun({
      profileId: 'sandbox',
      suiteFile: 'storage.json',
      suite: { name: 'storage', data: 'rows.csv', cases },
      data: sent.value,
    });
    if (!started.ok) throw new Error(`the bench run did not start: ${started.error.message}`);
    await done;
    const results: StoredRunResult[] = [];
    for await (const result of storedResults(database.runs, started.value.runId)) results.push(result);
    return results;
  } finally {
    database.close();
    await sandbox.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

type Codec = [string, (input: Buffer) => Uint8Array, (packed: Uint8Array) => unknown];

const level = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
const zstd = (value: number) => ({ params: { [constants.ZSTD_c_compressionLevel]: value } });
const CODECS: Codec[] = [
  ['deflateRaw 6 + dictionary (kept)', (input) => packDetail(input.toString('utf8')), (packed) => unpackDetail(packed)],
  ['deflateRaw 6', (input) => deflateRawSync(input), (packed) => inflateRawSync(packed)],
  [
    'deflateRaw 1 + dictionary',
    (input) => deflateRawSync(input, { level: 1, dictionary: DETAIL_DICTIONARY }),
    (packed) => inflateRawSync(packed, { dictionary: DETAIL_DICTIONARY }),
  ],
  ['zstd 3', (input) => zstdCompressSync(input, zstd(3)), (packed) => zstdDecompressSync(packed)],
  [
    'zstd 3 + dictionary',
    (input) => zstdCompressSync(input, { ...zstd(3), dictionary: DETAIL_DICTIONARY }),
    (packed) => zstdDecompressSync(packed, { dictionary: DETAIL_DICTIONARY }),
  ],
  [
    'zstd 1 + dictionary',
    (input) => zstdCompressSync(input, { ...zstd(1), dictionary: DETAIL_DICTIONARY }),
    (packed) => zstdDecompressSync(packed, { dictionary: DETAIL_DICTIONARY }),
  ],
  ['brotli 5', (input) => brotliCompressSync(input, level(5)), (packed) => brotliDecompressSync(packed)],
  ['brotli 11', (input) => brotliCompressSync(input, level(11)), (packed) => brotliDecompressSync(packed)],
];

/** Each codec on the same details: bytes a detail, and µs to pack and to unpack one (medians of rounds, after a warm-up). */
export function codecLines(label: string, results: readonly StoredRunResult[]): string[] {
  const inputs = results.map((result) => Buffer.from(JSON.stringify(result.detail)));
  const raw = inputs.reduce((sum, input) => sum + input.length, 0) / inputs.length;
  const lines = [`  ${label}: ${inputs.length} details, ${raw.toFixed(0)} B of JSON each`];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, pack, unpack] of CODECS) {
    const packTimes: number[] = [];
    const unpackTimes: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 4; round += 1) {
      let started = performance.now();
      const packed = inputs.map(pack);
      packTimes.push(((performance.now() - started) * 1000) / inputs.length);
      started = performance.now();
      for (const body of packed) unpack(body);
      unpackTimes.push(((performance.now() - started) * 1000) / inputs.length);
      bytes = packed.reduce((sum, body) => sum + body.length, 0) / packed.length;
    }
    packTimes.shift();
    unpackTimes.shift();
    lines.push(
      `    ${name.padEnd(34)} ${bytes.toFixed(0).padStart(5)} B (${((bytes / raw) * 100).toFixed(0)}%), ` +
        `pack ${median(packTimes).toFixed(0)} µs, unpack ${median(unpackTimes).toFixed(0)} µs`,
    );
  }
  return lines;
}
