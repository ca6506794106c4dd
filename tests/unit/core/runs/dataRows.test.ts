import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowSteps, scanData, textSource, type DataFormat, type DataSource, type RowStep } from '../../../../electron/core/runs/dataRows';
import { loadSuite } from '../../../../electron/core/runs/suiteLoad';
import { DATA_LIMITS } from '../../../../electron/shared/runs/runLimits';
import { describeProblem } from '../../../../electron/shared/runs/suiteTypes';
import { casesOf } from '../../../support/planCases';

/**
 * A data file read a piece at a time, as a run reads it: wherever the pieces are cut (inside a
 * quoted field, between a CR and its LF, after the BOM, inside a JSON string), the rows, columns,
 * line numbers and problems are those of the whole text read at once.
 */

/** The text in pieces cut at `cuts`. */
function piecesSource(format: DataFormat, text: string, cuts: number[]): DataSource {
  const pieces: string[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    pieces.push(text.slice(from, cut));
    from = cut;
  }
  return {
    shown: `rows.${format}`,
    format,
    async *chunks() {
      yield* pieces;
    },
  };
}

async function stepsOf(source: DataSource): Promise<RowStep[]> {
  const steps: RowStep[] = [];
  for await (const step of rowSteps(source, DATA_LIMITS)) steps.push(step);
  return steps;
}

/** Every way of cutting the text in two, and a character a piece: each gives the steps of the whole. */
async function expectSameWhereverCut(format: DataFormat, text: string): Promise<RowStep[]> {
  const whole = await stepsOf(piecesSource(format, text, []));
  for (let cut = 1; cut < text.length; cut += 1) expect(await stepsOf(piecesSource(format, text, [cut])), `cut at ${cut}`).toEqual(whole);
  const single = Array.from({ length: text.length - 1 }, (_, index) => index + 1);
  expect(await stepsOf(piecesSource(format, text, single))).toEqual(whole);
  return whole;
}

describe('a data file read a piece at a time', () => {
  it('CSV: quoted fields with commas, quotes and line breaks, CRLF, a BOM and a last line without a break', async () => {
    const steps = await expectSameWhereverCut(
      'csv',
      '\uFEFFtext,customer\r\n"Hi, ""there""\r\nline two",Dana\r\nplain,"O\'Brien"\r\nlast,',
    );
    expect(steps).toEqual([
      { kind: 'columns', columns: ['text', 'customer'] },
      { kind: 'row', row: { number: 1, values: { text: 'Hi, "there"\r\nline two', customer: 'Dana' } } },
      { kind: 'row', row: { number: 2, values: { text: 'plain', customer: "O'Brien" } } },
      { kind: 'row', row: { number: 3, values: { text: 'last', customer: '' } } },
    ]);
  });

  it('CSV: a problem keeps its message and line, after quoted line breaks', async () => {
    expect((await expectSameWhereverCut('csv', 'a,b\n"x\ny",1\n2\n')).at(-1)).toEqual({
      kind: 'problem',
      field: 'line 4',
      message: '1 fields where the header has 2',
    });
    expect((await expectSameWhereverCut('csv', 'a\n1\n"open\nstill')).at(-1)).toEqual({
      kind: 'problem',
      field: 'line 3',
      message: 'a quoted field is not closed',
    });
    expect((await expectSameWhereverCut('csv', 'a\n"x"y\n')).at(-1)).toMatchObject({ kind: 'problem', field: 'line 2' });
  });

  it('JSON Lines: CRLF, blank lines and a BOM; a bad line named by its number', async () => {
    const steps = await expectSameWhereverCut('jsonl', '\uFEFF{"a":"x\\ny"}\r\n\r\n{"b":2}\n');
    expect(steps).toEqual([
      { kind: 'row', row: { number: 1, values: { a: 'x\ny' } } },
      { kind: 'row', row: { number: 2, values: { b: 2 } } },
    ]);
    expect((await expectSameWhereverCut('jsonl', '{"a":1}\n\n[1]\n')).at(-1)).toEqual({
      kind: 'problem',
      field: 'line 3',
      message: 'each line must be a JSON object (one row)',
    });
  });

  it('a JSON array of objects: strings holding brackets, commas, quotes and line breaks; nested values', async () => {
    const steps = await expectSameWhereverCut(
      'json',
      '\uFEFF[\n  {"text": "a, ] } \\" [", "n": [1, {"m": 2}]},\r\n  {"text": "two\\nlines"}\n]\n',
    );
    expect(steps).toEqual([
      { kind: 'row', row: { number: 1, values: { text: 'a, ] } " [', n: [1, { m: 2 }] } } },
      { kind: 'row', row: { number: 2, values: { text: 'two\nlines' } } },
    ]);
  });

  it('a JSON array: each problem says its line, in the words JSON Lines uses', async () => {
    const last = async (text: string) => (await expectSameWhereverCut('json', text)).at(-1);
    expect(await last('[\n{"a":1},\n"text"\n]')).toEqual({
      kind: 'problem',
      field: 'line 3',
      message: 'each item must be a JSON object (one row)',
    });
    expect(await last('[\n{"a":1},\n{"a": nope}\n]')).toMatchObject({
      kind: 'problem',
      field: 'line 3',
      message: expect.stringMatching(/^not JSON \(/),
    });
    expect(await last('{"a":1}')).toMatchObject({
      kind: 'problem',
      field: 'line 1',
      message: expect.stringContaining('must be an array of objects'),
    });
    expect(await last('[{"a":1},\n]')).toMatchObject({ kind: 'problem', field: 'line 2' });
    expect(await last('[{"a":1}\n')).toEqual({ kind: 'problem', field: 'line 2', message: 'not JSON (the array is not closed with "]")' });
    expect(await last('[{"a":1}]\nmore')).toMatchObject({ kind: 'problem', field: 'line 2' });
  });

  it('holds the limits per row, column and value, and refuses a row longer than its cap', async () => {
    const limits = { maxRows: 2, maxColumns: 2, maxValues: 100, maxRowChars: 20 };
    const scan = (format: DataFormat, text: string) => scanData(piecesSource(format, text, [3, 7]), limits);
    expect(await scan('json', '[{"a":1},{"a":2},{"a":3}]')).toEqual({
      ok: false,
      field: 'line 1',
      message: 'the data file has more than 2 rows: a run sends at most 2 requests',
    });
    expect(await scan('json', '[{"a":1,"b":2,"c":3}]')).toMatchObject({ ok: false, message: 'the data file has more than 2 columns' });
    expect(await scan('json', `[{"a":"${'x'.repeat(30)}"}]`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^a row is longer than 20 characters/),
    });
    expect(await scan('jsonl', `{"a":"${'x'.repeat(30)}"}\n`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^a row is longer than 20 characters/),
    });
    // A quote never closed in a large file: stopped at the cap, not read to the end.
    expect(await scan('csv', `a\n"${'x'.repeat(30)}`)).toMatchObject({
      ok: false,
      field: 'line 2',
      message: expect.stringMatching(/^a row is longer than 20/),
    });
    expect(await scan('json', '[{"a":1},{"b":2}]')).toEqual({ ok: true, columns: ['a', 'b'], rows: 2 });
  });
});

describe('the data text the page sent', () => {
  // A pass parses the rows of the piece it holds: the text whole in one piece would hold every
  // row of the file as objects for the whole pass (a case of a 1,000,000-row run), not one piece's.
  it('is read a piece at a time, as a file is, each piece at most 64 KiB, a character never cut in two', async () => {
    const lines = ['customer,text'];
    // Rows of 2-unit characters (emoji), so some cut falls between the halves of one unless avoided.
    for (let n = 1; n <= 20_000; n += 1) lines.push(`Customer ${n},"Where is 📦 ${n}, 🙂?"`);
    const text = `${lines.join('\r\n')}\r\n`;
    const pieces: string[] = [];
    for await (const piece of textSource('rows.csv', 'rows.csv', text).chunks()) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= 65_536)).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(pieces.filter((piece) => /[\uD800-\uDBFF]$/.test(piece))).toEqual([]);
    // The rows are those of the text read at once.
    const steps = await stepsOf(textSource('rows.csv', 'rows.csv', text));
    expect(steps).toEqual(await stepsOf(piecesSource('csv', text, [])));
    expect(steps.at(-1)).toEqual({
      kind: 'row',
      row: { number: 20_000, values: { customer: 'Customer 20000', text: 'Where is 📦 20000, 🙂?' } },
    });
  });
});

describe('a suite whose data is a .json file', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'json-data-'))));
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('beside the suite: every case runs once per item, case after case, with its values', async () => {
    const folder = path.join(dir, 'suites');
    await mkdir(folder);
    await writeFile(
      path.join(folder, 'rows.json'),
      JSON.stringify(
        [
          { customer: 'Dana', n: 1 },
          { customer: 'Lee', n: 2 },
        ],
        null,
        2,
      ),
    );
    await writeFile(
      path.join(folder, 's.json'),
      JSON.stringify({
        data: 'rows.json',
        cases: [{ name: 'one', agent: 'a', text: 'Hi {{customer}}', payload: { n: '{{n}}' } }, { agent: 'b' }],
      }),
    );
    const loaded = await loadSuite(path.join(folder, 's.json'));
    if (!loaded.ok) throw new Error(loaded.problems.map(describeProblem).join('\n'));
    expect(loaded.value.plan.total).toBe(4);
    expect(
      (await casesOf(loaded.value.plan)).map((item) => [item.index, item.caseName, item.row, item.agentId, item.text, item.payload]),
    ).toEqual([
      [0, 'one', 1, 'a', 'Hi Dana', { n: 1 }],
      [1, 'one', 2, 'a', 'Hi Lee', { n: 2 }],
      [2, 'case 2', 1, 'b', '', {}],
      [3, 'case 2', 2, 'b', '', {}],
    ]);
  });

  it('outside the suite’s folder: refused, as a .csv is', async () => {
    const folder = path.join(dir, 'suites');
    await mkdir(folder);
    await writeFile(path.join(dir, 'secret.json'), '[{"token":"sk-live-1234"}]');
    await writeFile(path.join(folder, 's.json'), JSON.stringify({ data: '../secret.json', cases: [{ agent: 'a' }] }));
    const loaded = await loadSuite(path.join(folder, 's.json'));
    expect(loaded.ok ? [] : loaded.problems.map(describeProblem)).toEqual([
      's.json: data: the data file "../secret.json" was not read: it is not a path inside the suite\'s folder; to use a file of your own, name it with --data',
    ]);
  });

  it('a data file changed after its check stops the plan, saying so, rather than sending other rows', async () => {
    await writeFile(path.join(dir, 'rows.json'), '[{"n":1},{"n":2}]');
    await writeFile(path.join(dir, 's.json'), JSON.stringify({ data: 'rows.json', cases: [{ agent: 'a', text: '{{n}}' }] }));
    const loaded = await loadSuite(path.join(dir, 's.json'));
    if (!loaded.ok) throw new Error('the suite should load');
    await writeFile(path.join(dir, 'rows.json'), '[{"n":1},{"n":2},{"n":3}]');
    await expect(casesOf(loaded.value.plan)).rejects.toThrow('the data file changed after it was checked');
  });
});
