import type { RunResultRow } from '../../../../../electron/shared/api';
import {
  addRow,
  EMPTY_TALLY,
  firstLine,
  groupsByCount,
  percentile,
  tallyOf,
} from '../../../../../renderer/features/response/repeatSummary';
import { runRow } from '../../../../support/runRows';

/** A Repeat run's result row as the host pushes it: iteration `index + 1`, answered. */
const answer = (index: number, text: string, serverMs: number | null, roundTripMs: number): RunResultRow =>
  runRow({ index, iteration: index + 1, answerStart: text, serverMs, roundTripMs });

const failure = (
  index: number,
  errorCode: RunResultRow['errorCode'],
  roundTripMs: number | null,
  status: number | null = null,
): RunResultRow =>
  runRow({ index, iteration: index + 1, passed: false, errorCode, status, roundTripMs, serverMs: null, answerStart: 'It failed.' });

describe('repeat summary', () => {
  it('takes percentiles by nearest rank: always a measured value', () => {
    const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(twenty, 95)).toBe(19);
    // 95% of 11 is 10.45 values: the 11th is the first with 95% at or below it.
    const eleven = Array.from({ length: 11 }, (_, i) => (i + 1) * 10);
    expect(percentile(eleven, 95)).toBe(110);
    expect(percentile(eleven, 50)).toBe(60);
  });

  it('groups identical answers, counts failures by code, and keeps times of answered runs only', () => {
    const rows: RunResultRow[] = [
      answer(0, 'Hello Ada\nmore', 800, 900),
      answer(1, 'Hello Ada\nmore', null, 950),
      failure(2, 'timeout', 60_000),
      answer(3, 'Hi Ada', 700, 760),
      failure(4, 'timeout', null),
      failure(5, 'http_status', 30, 503),
      answer(6, 'Hi Ada', 720, 790),
      answer(7, 'Hi Ada', 710, 780),
    ];
    const tally = rows.reduce(addRow, EMPTY_TALLY);
    expect(tally.done).toBe(8);
    expect(tally.answered).toBe(5);
    expect(tally.serverMs).toEqual([800, 700, 720, 710]);
    expect(tally.roundTripMs).toEqual([900, 950, 760, 790, 780]);
    expect(tally.failures).toEqual([
      { code: 'timeout', count: 2 },
      { code: 'HTTP 503', count: 1 },
    ]);
    expect(groupsByCount(tally.groups).map((g) => [g.count, firstLine(g.answer), g.firstRun])).toEqual([
      [3, 'Hi Ada', 4],
      [2, 'Hello Ada', 1],
    ]);
  });

  it('names the earliest run of an answer, whatever order the results arrived in', () => {
    // With several at once, run 3 can come back before run 1.
    const tally = tallyOf([answer(2, 'Same', 10, 20), answer(0, 'Same', 10, 20), answer(1, 'Other', 10, 20)]);
    expect(groupsByCount(tally.groups).map((g) => [g.answer, g.count, g.firstRun])).toEqual([
      ['Same', 2, 1],
      ['Other', 1, 2],
    ]);
  });

  it('cuts a first line to a readable length', () => {
    expect(firstLine('a'.repeat(200), 10)).toBe(`${'a'.repeat(10)}…`);
    expect(firstLine('short\nsecond')).toBe('short');
    expect(firstLine('')).toBe('');
  });
});
