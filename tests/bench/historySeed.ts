import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workspaceDocument } from '../../electron/core/workspace/appStores';
import { openHistoryDatabase } from '../../electron/core/db/database';
import type { NewHistoryEntry } from '../../electron/core/history/historySchema';
import { createSqliteHistoryStore } from '../../electron/core/history/historyStore';
import type { ExchangeRecord, HistoryExchange } from '../../electron/shared/api';

/**
 * The history the 100,000-entry benches work on: made once per bench run, through the
 * store's own recordMany (one transaction), in a data folder a browser-mode host can start on.
 * Deterministic, so every run searches and lists the same entries; varied like a real history:
 * mostly answered invokes, with guideline fetches, 4xx/5xx answers, network failures and
 * cancels among them, over three profiles and 50 agents, one minute apart (about 70 days).
 */

/** A small deterministic generator (a linear congruential one): the same entries every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** 5,000 made-up words; picking by next()^3 makes a few common and most rare, as in real text. */
export const WORDS = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}${'rstln'[(i * 7) % 5]}`);

const BASE_URL = 'https://api.example.com';
const START = Date.parse('2025-01-01T00:00:00Z');

function record(overrides: Partial<ExchangeRecord> & Pick<ExchangeRecord, 'url' | 'startedAt'>): ExchangeRecord {
  return {
    method: 'POST',
    requestBody: null,
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: null,
    responseBytes: 0,
    responseBodyTruncated: false,
    roundTripMs: 130,
    timing: null,
    ...overrides,
  };
}

/** The request tabs of the benches' workspace (workspace.json), which some entries came from. */
const BENCH_TABS = ['bench-tab-1', 'bench-tab-2', 'bench-tab-3'];

/**
 * Writes the benches' workspace into `dataDir`: three request tabs, as a user with a long history
 * has open. Each start then asks the history for their last answers, as it does for a user.
 */
export async function writeBenchWorkspace(dataDir: string): Promise<void> {
  const tabs = BENCH_TABS.map((id, index) => ({
    id,
    title: '',
    agentId: `agent-${index}`,
    text: 'Where is my parcel?',
    payloadText: '{"customer_name": "Ada"}',
  }));
  await workspaceDocument(path.join(dataDir, 'workspace.json')).update(() => ({ tabs, activeTabId: tabs[0]!.id, revision: 1 }));
}

/** `count` entries, the same ones every time. */
export function syntheticEntries(count: number): NewHistoryEntry[] {
  const next = random(42);
  const word = () => WORDS[Math.floor(next() ** 3 * WORDS.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(START + i * 60_000).toISOString();
    const agentId = `agent-${i % 50}`;
    const url = `${BASE_URL}/api/agent/${agentId}/invoke/`;
    const request = { agentId, text: sentence(12), payload: { customer_name: word(), topic: word() } };
    const roll = next();
    let exchange: HistoryExchange;
    if (roll < 0.05) {
      const guidelineId = `guideline-${i % 7}`;
      const content = sentence(60);
      exchange = {
        what: 'guideline',
        request: { guidelineId },
        result: {
          ok: true,
          value: {
            guideline: { name: `Guideline ${i % 7}`, description: sentence(6), content },
            exchange: record({
              method: 'GET',
              url: `${BASE_URL}/api/guideline/${guidelineId}/`,
              startedAt: at,
              responseBody: JSON.stringify({ content }),
              responseBytes: content.length + 14,
            }),
          },
        },
      };
    } else if (roll < 0.09) {
      const status = roll < 0.07 ? 404 : 502;
      const body = JSON.stringify({ detail: sentence(8) });
      exchange = {
        what: 'invoke',
        request,
        result: {
          ok: false,
          error: {
            code: 'http_status',
            message: `The server answered ${status}.`,
            exchange: record({
              url,
              startedAt: at,
              status,
              statusText: status === 404 ? 'Not Found' : 'Bad Gateway',
              responseBody: body,
              responseBytes: body.length,
            }),
          },
        },
      };
    } else if (roll < 0.11) {
      exchange = {
        what: 'invoke',
        request,
        result: {
          ok: false,
          error: {
            code: 'network',
            message: 'The server could not be reached.',
            exchange: record({ url, startedAt: at, status: null, statusText: '', roundTripMs: 3 }),
          },
        },
      };
    } else if (roll < 0.13) {
      exchange = {
        what: 'invoke',
        request,
        result: {
          ok: false,
          error: {
            code: 'cancelled',
            message: 'The request was cancelled before an answer arrived.',
            exchange: record({ url, startedAt: at, status: null, statusText: '' }),
          },
        },
      };
    } else {
      const answer = sentence(40);
      const response = { answer, duration: '120ms', ...(i % 4 === 0 ? { token: `t-${i}` } : {}) };
      const body = JSON.stringify(response);
      exchange = {
        what: 'invoke',
        request,
        result: {
          ok: true,
          value: {
            response,
            serverDuration: { raw: '120ms', ms: 120 },
            exchange: record({ url, startedAt: at, responseBody: body, responseBytes: body.length }),
          },
        },
      };
    }
    // Now and then from one of the workspace's request tabs, so a start restores their last answers.
    const tabId = i % 997 === 0 ? BENCH_TABS[(i / 997) % BENCH_TABS.length] : undefined;
    return {
      exchange,
      profile: { id: `p${i % 3}`, name: `Profile ${i % 3}`, baseUrl: BASE_URL },
      recordedAt: at,
      ...(tabId ? { tabId } : {}),
    };
  });
}

/** A data folder holding history.sqlite with `count` entries (and the workspace), and how long writing them took. */
export interface SeededHistory {
  dataDir: string;
  file: string;
  count: number;
  insertMs: number;
  remove(): void;
}

/** Makes a data folder whose history.sqlite holds `count` synthetic entries (written in one transaction). */
export async function seedHistory(count: number, label = 'seeded'): Promise<SeededHistory> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ae-bench-${label}-`));
  const file = path.join(dataDir, 'history.sqlite');
  const opened = openHistoryDatabase(file);
  if (opened.kind !== 'open') throw new Error(opened.problem);
  const store = createSqliteHistoryStore(opened.db);
  const entries = syntheticEntries(count);
  const started = performance.now();
  await store.recordMany(entries);
  const insertMs = performance.now() - started;
  // Closing the last connection checkpoints the WAL into the file: the host opens a settled file.
  opened.db.close();
  await writeBenchWorkspace(dataDir);
  return { dataDir, file, count, insertMs, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

let shared: Promise<SeededHistory> | null = null;

/** The run's large history, made on first use and shared by the benches that need it. */
export function sharedHistory(count: number): Promise<SeededHistory> {
  shared ??= seedHistory(count, 'history');
  return shared;
}

/** Removes the shared history, if one was made. */
export async function removeSharedHistory(): Promise<void> {
  if (shared) (await shared).remove();
  shared = null;
}
