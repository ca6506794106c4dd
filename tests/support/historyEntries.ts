import type { GuidelineResult, HistoryProfile, InvokeResult } from '../../electron/shared/api';
import type { DatabaseSync } from 'node:sqlite';
import { historyFacts, withoutMarks, type NewHistoryEntry } from '../../electron/core/history/historySchema';
import { cancelledInvoke, exchange, okInvoke } from './scriptedPlatform';

/** Entries for history tests: an answered invoke, a guideline, a cancel and a failure. */

export const STAGING: HistoryProfile = { id: 'p-staging', name: 'Staging', baseUrl: 'https://staging.example.com' };
export const SANDBOX: HistoryProfile = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' };

let clock = Date.parse('2026-03-01T09:00:00.000Z');
/** One minute after the entry before, so dates order like ids. */
function nextTime(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

export function invokeEntry(
  options: {
    agentId?: string;
    text?: string;
    payload?: Record<string, string>;
    answer?: string;
    token?: string;
    profile?: HistoryProfile;
    result?: InvokeResult;
  } = {},
): NewHistoryEntry {
  return {
    exchange: {
      what: 'invoke',
      request: {
        agentId: options.agentId ?? 'agent-1',
        text: options.text ?? 'Where is my parcel?',
        payload: options.payload ?? { customer_name: 'Ada' },
      },
      result:
        options.result ??
        okInvoke(options.answer ?? 'Your parcel left the depot this morning.', options.token === undefined ? {} : { token: options.token }),
    },
    profile: options.profile ?? STAGING,
    recordedAt: nextTime(),
  };
}

export function guidelineEntry(guidelineId = 'escalation', profile: HistoryProfile = STAGING): NewHistoryEntry {
  const result: GuidelineResult = {
    ok: true,
    value: {
      guideline: {
        name: 'Escalation policy',
        description: 'When to escalate.',
        content: '# Escalate\nWhen a customer asks twice, hand over to a person.',
      },
      exchange: exchange({ method: 'GET', url: `https://staging.example.com/api/guideline/${guidelineId}/` }),
    },
  };
  return { exchange: { what: 'guideline', request: { guidelineId }, result }, profile, recordedAt: nextTime() };
}

export function cancelledEntry(): NewHistoryEntry {
  return invokeEntry({ text: 'Never mind', result: cancelledInvoke() });
}

/** A 502 whose body was cut at the size limit, as the page got it. */
export function failedEntry(): NewHistoryEntry {
  const record = exchange({
    status: 502,
    statusText: 'Bad Gateway',
    responseBody: 'upstream timed out '.repeat(10),
    responseBodyTruncated: true,
    responseBytes: 400_000,
  });
  return invokeEntry({
    text: 'Summarise the ticket',
    result: { ok: false, error: { code: 'http_status', message: 'The server answered 502 Bad Gateway.', exchange: record } },
  });
}

/**
 * Writes an entry with the columns of history format 1 and 2 (no tab_id), as those versions'
 * store did: for migration tests, which start from a file an older version made.
 */
export function insertAsVersion1(db: DatabaseSync, { exchange, profile, recordedAt }: NewHistoryEntry): number {
  const facts = historyFacts(exchange);
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO history (recorded_at, kind, what, target_id, profile_id, profile_name, base_url, method, url, status, status_class,
         error_code, round_trip_ms, token_present, exchange) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      recordedAt,
      facts.kind,
      exchange.what,
      facts.targetId,
      profile.id,
      profile.name,
      profile.baseUrl,
      facts.method,
      facts.url,
      facts.status,
      facts.status === null ? 0 : Math.floor(facts.status / 100),
      facts.errorCode,
      facts.roundTripMs,
      facts.tokenPresent ? 1 : 0,
      JSON.stringify(exchange),
    );
  db.prepare('INSERT INTO history_text (rowid, text, payload, answer) VALUES (?, ?, ?, ?)').run(
    lastInsertRowid,
    withoutMarks(facts.text),
    withoutMarks(facts.payload),
    withoutMarks(facts.answer),
  );
  return Number(lastInsertRowid);
}
