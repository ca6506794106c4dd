// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { printable } from '../../../../../electron/shared/printable';
import { resultLine, summaryLine } from '../../../../../electron/core/reports/runs/reporters';
import { csvReport } from '../../../../../electron/core/reports/runs/runCsv';
import { jsonReport } from '../../../../../electron/core/reports/runs/runJson';
import { junitReport } from '../../../../../electron/core/reports/runs/runJunit';
import type { RunReport, RunReportResult } from '../../../../../electron/core/reports/runs/runReport';

/**
 * The reporters with hostile text in the suite's names and the server's answer: what a person
 * sees on a terminal, what a CI tool reads back from JUnit, what a spreadsheet makes of the CSV.
 */

const OSC52 = '\u001b]52;c;cm0gLXJmIH4=\u0007';
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function result(name: string, answer: string, passed = false): RunReportResult {
  return {
    case: name,
    caseNumber: 1,
    row: 2,
    agent: `agent${OSC52}`,
    passed,
    attempts: 1,
    expectations: passed ? [] : [{ kind: 'answerContains', passed: false, expected: `contains "x\ny"`, actual: `missing in "${answer}"` }],
    entry: {
      outcome: { ok: true, status: 200, error: null },
      timing: { roundTripMs: 12.3, serverDuration: { ms: 4 } },
      answer: { what: 'invoke', answer },
    },
  } as unknown as RunReportResult;
}

function report(results: RunReportResult[], suite = 'orders'): RunReport {
  return {
    format: 'agent-explorer-run',
    version: 1,
    suite,
    startedAt: '2026-11-23T17:00:00.000Z',
    durationMs: 12.5,
    app: { name: 'Agent Explorer', version: '0.1.0' },
    profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1' },
    summary: {
      total: results.length,
      passed: results.filter((item) => item.passed).length,
      failed: results.filter((item) => !item.passed).length,
      cancelled: 0,
      notRun: 0,
      stopped: false,
    },
    results,
    notRun: [],
  };
}

describe('printable', () => {
  it.each([
    ['OSC 52', `a${OSC52}b`, 'a]52;c;cm0gLXJmIH4=b'],
    ['erase-line and carriage return', 'FAIL\r\u001b[2KPASS', 'FAIL [2KPASS'],
    ['the one-byte C1 CSI and DEL', 'a\u009b2K\u007fb', 'a2Kb'],
    ['line breaks and tabs inside a value', 'one\ntwo\r\nthree\tfour\u2028five\u0085six', 'one two three four five six'],
    ['text a person wrote', 'Grüße, ключ ✓ 👍🏽', 'Grüße, ключ ✓ 👍🏽'],
  ])('%s', (_name, text, shown) => {
    expect(printable(text)).toBe(shown);
  });
});

describe('the lines for people', () => {
  it('a result line and its failed expectations hold no control character, and a name cannot start a line', () => {
    const line = resultLine(result(`two\nPASS lines${OSC52}\r\u001b[2K`, 'answer\u001b[31m red\r\n'));
    expect(line).not.toMatch(CONTROL);
    expect(line.split('\n')).toEqual([
      'FAIL two PASS lines]52;c;cm0gLXJmIH4= [2K [row 2] @ agent]52;c;cm0gLXJmIH4=  200  12.3 ms',
      '     answerContains: expected contains "x y", got missing in "answer[31m red "',
    ]);
    expect(summaryLine(report([], `suite${OSC52}\n`))).toMatch(/^suite\]52;c;cm0gLXJmIH4= : 0 run/);
  });
});

describe('JUnit', () => {
  it('keeps line breaks out of attributes, and a parser reads the name back whole', () => {
    const xml = junitReport(report([result('first line\nsecond\tline', 'a\u009b2Kb')], 'suite\nname'));
    for (const tag of xml.match(/<[^>]*>/g) ?? []) expect(tag).not.toMatch(/[\r\n\t]/);
    expect(xml.replaceAll('\n', '')).not.toMatch(CONTROL);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('testcase')?.getAttribute('name')).toBe('first line\nsecond\tline [row 2] @ agent]52;c;cm0gLXJmIH4=');
    expect(doc.querySelector('testsuite')?.getAttribute('name')).toBe('suite\nname');
    expect(doc.querySelector('failure')?.textContent).toContain('answer: a2Kb');
  });
});

describe('JSON', () => {
  it('escapes DEL and the C1 controls JSON.stringify leaves raw; the value reads back the same', () => {
    const hostile = report([result('c\u009b2K', 'x\u007f\u0085y')], 'suite\u009b');
    const text = jsonReport(hostile);
    expect(text.replaceAll('\n', '')).not.toMatch(CONTROL);
    expect(text).toContain('"suite": "suite\\u009b"');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(hostile)));
  });
});

describe('CSV', () => {
  const cells = (name: string) => csvReport(report([result(name, 'fine', true)])).split('\r\n')[1]!;

  it.each([
    ['a formula after a ; (the separator of many locales)', "x;=cmd|'/C calc'!A0", `"x;'=cmd|'/C calc'!A0"`],
    ['a formula at the start', '=1+1', `"'=1+1"`],
    ['after a comma, with spaces', 'a, +1', `"a,' +1"`],
    ['after a tab', 'a\t@SUM(A1)', `"a\t'@SUM(A1)"`],
    ['after a quote', 'a;"-2', `"a;'""-2"`],
    ['after a line break', 'a\r\n=b', `"a\n'=b"`],
    ['plain text', 'refund - partial', `"refund - partial"`],
  ])('%s', (_name, name, written) => {
    expect(cells(name).startsWith(`${written},2,`)).toBe(true);
  });

  it('no field a spreadsheet splits out on , ; or tab starts a formula, and no control character is left', () => {
    const line = cells(`x;=a,+b\t-c;@d;"=e${OSC52}`);
    for (const field of line.split(/[;,\t]/)) expect(field.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    expect(line.replace('\t', '')).not.toMatch(CONTROL);
  });
});
