import type { HistoryEntry, InvokeResult } from '../../../../../electron/shared/api';
import { compareEntries, comparePayloads, formatDelta } from '../../../../../renderer/features/history/compare';
import { DEFAULT_LIMITS } from '../../../../../renderer/features/history/wordDiff';
import { exchange, okInvoke } from '../../../../support/fakeApi';

const SANDBOX = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' };
const AGENT = '11111111-1111-4111-8111-111111111111';

function invoke(
  id: number,
  answer: string | InvokeResult,
  request: Partial<{ text: string; payload: Record<string, never> | object }> = {},
): HistoryEntry {
  const result = typeof answer === 'string' ? okInvoke(answer) : answer;
  return {
    id,
    recordedAt: '2026-11-20T08:00:00.000Z',
    kind: result.ok ? 'invoke' : 'failed',
    profile: SANDBOX,
    tokenPresent: false,
    pinned: false,
    what: 'invoke',
    request: { agentId: AGENT, text: 'What is the refund policy?', payload: { order: 'A-17' }, ...request } as HistoryEntry['request'] & {
      agentId: string;
      text: string;
      payload: never;
    },
    result,
  } as HistoryEntry;
}

function guideline(id: number, content: string | null): HistoryEntry {
  return {
    id,
    recordedAt: '2026-11-20T09:00:00.000Z',
    kind: content === null ? 'failed' : 'guideline',
    profile: SANDBOX,
    tokenPresent: false,
    pinned: false,
    what: 'guideline',
    request: { guidelineId: 'escalation' },
    result:
      content === null
        ? {
            ok: false,
            error: {
              code: 'http_status',
              message: 'No such guideline.',
              exchange: exchange({ method: 'GET', status: 404, statusText: 'Not Found' }),
            },
          }
        : {
            ok: true,
            value: {
              guideline: { name: 'Escalation policy', description: 'When to escalate.', content },
              exchange: exchange({ method: 'GET' }),
            },
          },
  };
}

const timeout: InvokeResult = {
  ok: false,
  error: {
    code: 'timeout',
    message: 'The platform did not answer in 30 s.',
    exchange: exchange({ status: null, statusText: '', responseBody: null, roundTripMs: 30_000, timing: null }),
  },
};

describe('comparePayloads', () => {
  it('lists keys added, removed, changed (with both values) and the same, sorted by key; key order inside values does not matter', () => {
    const rows = comparePayloads(
      { order: 'A-17', tier: 'gold', nested: { a: 1, b: 2 } },
      { order: 'A-18', nested: { b: 2, a: 1 }, locale: 'de' },
    );
    expect(rows).toEqual([
      { key: 'locale', change: 'added', values: [null, '"de"'] },
      { key: 'nested', change: 'same', values: ['{"a":1,"b":2}', '{"b":2,"a":1}'] },
      { key: 'order', change: 'changed', values: ['"A-17"', '"A-18"'] },
      { key: 'tier', change: 'removed', values: ['"gold"', null] },
    ]);
  });
});

describe('compareEntries', () => {
  it('compares two invokes: text and answer word by word, payload key by key, token, and timing with its difference', () => {
    const second = invoke(2, okInvoke('Refunds take ten days.', { duration: '1.2s', ms: 1200, token: 't-1' }), {
      text: 'What is the return policy?',
      payload: { order: 'A-18' },
    });
    const comparison = compareEntries([invoke(1, 'Refunds take five days.'), { ...second, tokenPresent: true }]);
    expect(comparison.texts.map((row) => row.label)).toEqual(['Text', 'Answer']);
    const answer = comparison.texts[1]!;
    expect(answer.kind === 'both' && answer.diff.kind === 'diff' && answer.diff.parts.filter((part) => part.op !== 'same')).toEqual([
      { op: 'removed', text: 'five' },
      { op: 'added', text: 'ten' },
    ]);
    expect(comparison.payload).toEqual([{ key: 'order', change: 'changed', values: ['"A-17"', '"A-18"'] }]);
    const fact = (label: string) => comparison.facts.find((row) => row.label === label);
    expect(fact('Token')).toEqual({ label: 'Token', values: ['absent', 'present'], differs: true });
    expect(fact('Contract check')?.values).toEqual(['passed', 'passed']);
    expect(fact('Profile')?.differs).toBe(false);
    const timing = (label: string) => comparison.timing.find((row) => row.label === label);
    expect(timing('Server duration (as sent)')?.values).toEqual(['850ms', '1.2s']);
    expect(timing('Server duration')).toEqual({ label: 'Server duration', values: ['850 ms', '1,200 ms'], deltaMs: 350 });
    expect(timing('Round trip')?.deltaMs).toBe(0);
    expect(timing('Wait (to first byte)')?.values).toEqual(['10.8 ms', '10.8 ms']);
    expect(comparison.notes).toEqual([]);
  });

  it('compares a success with a failure: says so plainly, shows the one answer, and what both have', () => {
    const comparison = compareEntries([invoke(1, 'Refunds take five days.'), invoke(2, timeout)]);
    expect(comparison.notes).toContain('Entry 1 succeeded (200 OK); entry 2 failed (timeout: The platform did not answer in 30 s.).');
    const answer = comparison.texts.find((row) => row.label === 'Answer');
    expect(answer).toMatchObject({ kind: 'one', side: 0, text: 'Refunds take five days.' });
    expect(answer?.kind === 'one' && answer.missing).toMatch(/^No answer: this entry failed \(timeout/);
    const fact = (label: string) => comparison.facts.find((row) => row.label === label)?.values;
    expect(fact('Status')).toEqual(['200 OK', 'none (no answer arrived)']);
    expect(fact('Error code')).toEqual(['none', 'timeout']);
    expect(fact('Contract check')).toEqual(['passed', 'not reached (no answer to check)']);
    expect(comparison.timing.find((row) => row.label === 'Round trip')?.deltaMs).toBeCloseTo(30_000 - 871.4);
    expect(comparison.timing.find((row) => row.label === 'Wait (to first byte)')).toMatchObject({
      values: ['10.8 ms', '—'],
      deltaMs: null,
    });
  });

  it('says a contract failure failed the contract check', () => {
    const contract: InvokeResult = { ok: false, error: { code: 'contract', message: 'answer is missing.', exchange: exchange() } };
    const comparison = compareEntries([invoke(1, 'Fine.'), invoke(2, contract)]);
    expect(comparison.facts.find((row) => row.label === 'Contract check')?.values).toEqual(['passed', 'failed: answer is missing.']);
  });

  it('compares an invoke with a guideline fetch on what both have, and says they ask different things', () => {
    const comparison = compareEntries([invoke(1, 'Fine.'), guideline(2, 'Call Ops.')]);
    expect(comparison.notes[0]).toMatch(
      /^Entry 1 is an invoke of 11111111-.* and entry 2 a guideline fetch of escalation: they ask different things/,
    );
    expect(comparison.payload).toBeNull();
    expect(comparison.texts).toEqual([]);
    expect(comparison.facts.find((row) => row.label === 'Agent or guideline')?.values).toEqual([AGENT, 'escalation']);
    expect(comparison.facts.find((row) => row.label === 'Token')?.values).toEqual(['absent', 'not applicable']);
    expect(comparison.facts.find((row) => row.label === 'Request')?.values[1]).toMatch(/^GET /);
  });

  it('compares two guidelines by name, description and content, word by word', () => {
    const comparison = compareEntries([guideline(1, 'Call Ops within an hour.'), guideline(2, 'Call Ops within a day.')]);
    expect(comparison.texts.map((row) => row.label)).toEqual(['Name', 'Description', 'Content']);
    expect(comparison.notes).toEqual(['Name: the same in both.', 'Description: the same in both.']);
    const content = comparison.texts[2]!;
    expect(
      content.kind === 'both' &&
        content.diff.kind === 'diff' &&
        content.diff.parts.filter((part) => part.op !== 'same').map((part) => part.text),
    ).toEqual(['an hour', 'a day']);
  });

  it('compares two failures by their error messages', () => {
    const comparison = compareEntries([guideline(1, null), invoke(2, timeout)]);
    expect(comparison.texts.map((row) => row.label)).toEqual(['Error message']);
  });

  it('gives each diff what is left of one shared budget: once it is spent, the next text is not diffed', () => {
    // The budget is all there for the first diff (the request text) and spent after it.
    let calls = 0;
    const deadline = { remainingMs: () => (calls++ === 0 ? 1_000 : 0) };
    const comparison = compareEntries(
      [invoke(1, 'Five days.', { text: 'one two' }), invoke(2, 'Ten days.', { text: 'one three' })],
      DEFAULT_LIMITS,
      deadline,
    );
    expect(comparison.texts[0]).toMatchObject({ label: 'Text', diff: { kind: 'diff', changes: 2 } });
    expect(comparison.texts[1]).toMatchObject({
      label: 'Answer',
      diff: { kind: 'skipped', reason: expect.stringMatching(/time for this comparison ran out/) },
    });
  });

  it('returns within about its budget on texts that would take seconds unbounded', () => {
    const big = Array.from({ length: 8_000 }, (_, i) => `w${i % 97}`).join(' ');
    const other = Array.from({ length: 8_000 }, (_, i) => `w${(i * 7) % 89}`).join(' ');
    const started = performance.now();
    const comparison = compareEntries([invoke(1, big, { text: big }), invoke(2, other, { text: other })], {
      maxChars: 1_000_000,
      maxEditLength: 1_000_000,
      budgetMs: 100,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(comparison.texts.every((row) => row.kind === 'both' && row.diff.kind === 'skipped')).toBe(true);
  });
});

describe('formatDelta', () => {
  it('signs the difference of entry 2 from entry 1', () => {
    expect(formatDelta(350)).toBe('+350 ms');
    expect(formatDelta(-12.5)).toBe('−12.5 ms');
    expect(formatDelta(0)).toBe('0 ms');
  });
});
