import { describe, expect, it } from 'vitest';
import { normaliseDuration, parseDurationMs } from '../../../../electron/core/http/duration';

describe('server duration normalised to milliseconds', () => {
  it.each([
    ['850ms', 850],
    ['850 ms', 850],
    ['1.2s', 1200],
    ['1.2 s', 1200],
    ['2 seconds', 2000],
    ['1 second', 1000],
    ['0.4 sec', 400],
    ['1.5 secs', 1500],
    ['.5s', 500],
    ['250 milliseconds', 250],
    ['2 minutes', 120_000],
    ['1 min', 60_000],
    ['1m30s', 90_000],
    ['1m 30s', 90_000],
    ['1h', 3_600_000],
    ['1500us', 1.5],
    ['1500µs', 1.5],
    ['  3 Seconds ', 3000],
    // Django REST Framework's DurationField: a clock, days first when there are any.
    ['0:00:00.120000', 120],
    ['00:00:01.5', 1500],
    ['0:01:30', 90_000],
    ['1 02:00:00', 93_600_000],
    ['26:00:00', 93_600_000],
    // ISO 8601's days and time.
    ['PT1.2S', 1200],
    ['PT0.120000S', 120],
    ['P0DT00H00M00.120000S', 120],
    ['pt1m30s', 90_000],
    ['P1DT2H', 93_600_000],
  ])('"%s" is %d ms', (text, ms) => {
    expect(parseDurationMs(text)).toBe(ms);
  });

  it.each([
    '850',
    '',
    'fast',
    '1,2s',
    '-1s',
    '1.2 parsecs',
    's',
    '2 seconds ago',
    '1e3ms',
    'NaN ms',
    '1:2',
    '0:60:00',
    '0:00:61',
    '12:30',
    'P',
    'PT',
    'P1Y',
    'P1M',
    '-0:00:01',
  ])('"%s" is not guessed', (text) => {
    expect(parseDurationMs(text)).toBeNull();
  });

  it('keeps the raw text beside the parsed value', () => {
    expect(normaliseDuration('1.2s')).toEqual({ raw: '1.2s', ms: 1200, roundingMs: 50 });
    expect(normaliseDuration('soon')).toEqual({ raw: 'soon', ms: null });
  });

  it.each([
    ['0.4s', 50],
    ['850ms', 0.5],
    ['2 seconds', 500],
    ['1.25 s', 5],
    ['1m 30s', 500],
    ['1h2m', 30_000],
    ['0:00:00.120000', 0.0005],
    ['0:01:30', 500],
    ['PT1.2S', 50],
  ])('"%s" is exact to ±%s ms (half its last digit)', (text, rounding) => {
    expect(normaliseDuration(text).roundingMs).toBe(rounding);
  });
});
