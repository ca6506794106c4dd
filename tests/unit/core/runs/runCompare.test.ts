import { describe, expect, it } from 'vitest';
import { createRunCompare } from '../../../../electron/core/runs/runCompare';
import { database, judgement, keep, type Result } from './runFixtures';

/**
 * Compare a slice at a time (a case name and a range of data rows, with a turn for the host's
 * other calls between): it gives the answer pairing all at once gives, whatever the slice's size,
 * and two comparisons asked at once each get their own.
 */

/** Two runs of several cases, with and without data rows, iterations, two agents and a case name used twice. */
function runs(): { before: Result[]; after: Result[] } {
  const make = (seed: number) => {
    const results: Result[] = [];
    let index = 0;
    for (const caseName of ['', 'greeting', 'refund', 'zebra']) {
      for (let row = 0; row <= 9; row += 1) {
        for (const iteration of [1, 2]) {
          for (const agentId of ['a', 'b']) {
            // The later run drops a few results and adds others; outcomes and answers vary with the seed.
            if ((index * 7 + seed) % 17 === 0) {
              index += 1;
              continue;
            }
            const twice = caseName === 'refund' && row === 3 ? 2 : 1;
            for (let copy = 0; copy < twice; copy += 1) {
              const mark = (index * 31 + seed * 13 + copy) % 11;
              results.push({
                index,
                caseName,
                row: row === 0 ? null : row + seed * (caseName === 'zebra' ? 10 : 0),
                iteration,
                agentId,
                passed: mark % 3 !== 0,
                answer: mark === 5 ? null : `answer ${mark % 4}`,
              });
              index += 1;
            }
          }
        }
      }
    }
    return results;
  };
  return { before: make(0), after: make(1) };
}

/** What pairing gives, worked out in plain code: the nth result of a key in each run's plan order pair up. */
function expected(before: Result[], after: Result[], limit: number) {
  const key = (r: Result) => JSON.stringify([r.caseName, r.row, r.iteration ?? 1, r.agentId]);
  const nth = (results: Result[]) => {
    const seen = new Map<string, number>();
    return new Map(
      [...results]
        .sort((x, y) => x.index - y.index)
        .map((r) => {
          const n = (seen.get(key(r)) ?? 0) + 1;
          seen.set(key(r), n);
          return [`${key(r)}#${n}`, r] as const;
        }),
    );
  };
  const earlier = nth(before);
  const pairs = [...nth(after)]
    .filter(([k]) => earlier.has(k))
    .map(([k, a]) => ({ b: earlier.get(k)!, a }))
    .sort((x, y) => x.a.index - y.a.index);
  const answered = (r: Result) => r.answer !== null;
  const lists = {
    failing: pairs.filter(({ b, a }) => b.passed !== false && a.passed === false),
    passing: pairs.filter(({ b, a }) => b.passed === false && a.passed !== false),
    changed: pairs.filter(({ b, a }) => answered(b) && answered(a) && (b.answer ?? 'Hi.') !== (a.answer ?? 'Hi.')),
  };
  const page = (list: typeof pairs) => ({ total: list.length, items: list.slice(0, limit).map(({ b, a }) => [b.index, a.index]) });
  return {
    newlyFailing: page(lists.failing),
    newlyPassing: page(lists.passing),
    answerChanged: page(lists.changed),
    onlyBefore: before.length - pairs.length,
    onlyAfter: after.length - pairs.length,
  };
}

const shape = (compared: Awaited<ReturnType<ReturnType<typeof createRunCompare>>>) => {
  const page = (list: { total: number; items: Array<{ before: { index: number }; after: { index: number } }> }) => ({
    total: list.total,
    items: list.items.map((pair) => [pair.before.index, pair.after.index]),
  });
  return {
    newlyFailing: page(compared.newlyFailing),
    newlyPassing: page(compared.newlyPassing),
    answerChanged: page(compared.answerChanged),
    onlyBefore: compared.onlyBefore,
    onlyAfter: compared.onlyAfter,
  };
};

describe('compare, a slice at a time', () => {
  it('pairs as pairing all at once does, whatever the size of a slice', async () => {
    const { db, store } = database();
    const { before, after } = runs();
    await keep(store, 'before', before);
    await keep(store, 'after', after);
    const want = expected(before, after, 5);
    expect(want.newlyFailing.total * want.newlyPassing.total * want.answerChanged.total * want.onlyAfter).toBeGreaterThan(0);
    for (const slice of [1, 2, 3, 7, 1_000_000]) expect(shape(await createRunCompare(db, slice)('before', 'after', 5))).toEqual(want);
    expect(shape(await store.compare('before', 'after', 1000))).toEqual(expected(before, after, 1000));
  });

  it('gives each of two comparisons asked at once its own answer', async () => {
    const { db, store } = database();
    const { before, after } = runs();
    await keep(store, 'before', before);
    await keep(store, 'after', after);
    const compare = createRunCompare(db, 2);
    const [forward, backward] = await Promise.all([compare('before', 'after', 10), compare('after', 'before', 10)]);
    expect(shape(forward)).toEqual(expected(before, after, 10));
    expect(shape(backward)).toEqual(expected(after, before, 10));
  });
});

describe('compare: rules newly failing', () => {
  /** The same four cases judged in each run; `after` says which rules fail in the later run. */
  const judgedRun = (failing: Record<string, number[]>, guidelineOf: Record<string, string> = {}): Result[] =>
    ['refund', 'login', 'tone', 'plain'].flatMap((caseName, caseIndex) =>
      [1, 2].map((row, n) => {
        const fails = failing[`${caseName} ${row}`] ?? [];
        const guideline = guidelineOf[caseName] ?? 'g-support';
        return {
          index: caseIndex * 2 + n,
          caseIndex,
          caseName,
          row,
          ...(caseName === 'plain'
            ? {}
            : { judgement: judgement({ 1: !fails.includes(1), 2: !fails.includes(2), 4: !fails.includes(4) }, { guideline }) }),
        };
      }),
    );

  it('lists per pair the rules that passed in the baseline and fail now, with the why, and counts them across cases', async () => {
    const { db, store } = database();
    // Login row 1 failed rule 1 already; tone is judged against another guideline in the later run.
    await keep(store, 'before', judgedRun({ 'login 1': [1] }));
    await keep(store, 'after', judgedRun({ 'refund 1': [2, 4], 'login 1': [1, 4], 'tone 2': [4] }, { tone: 'g-tone' }));
    for (const slice of [1, 2, 1_000_000]) {
      const { rulesNewlyFailing } = await createRunCompare(db, slice)('before', 'after', 10);
      expect({ total: rulesNewlyFailing.total, rules: rulesNewlyFailing.rules, cases: rulesNewlyFailing.cases }).toEqual({
        total: 2,
        rules: 3,
        cases: 2,
      });
      expect(rulesNewlyFailing.items.map((pair) => [pair.after.caseName, pair.after.row, pair.guideline.name, pair.rules])).toEqual([
        [
          'refund',
          1,
          'Support reply checklist',
          [
            { rule: 2, why: 'Rule 2 is broken.' },
            { rule: 4, why: 'Rule 4 is broken.' },
          ],
        ],
        ['login', 1, 'Support reply checklist', [{ rule: 4, why: 'Rule 4 is broken.' }]],
      ]);
    }
    // The first `limit` pairs in the later run's plan order; the counts stay whole.
    const first = (await store.compare('before', 'after', 1)).rulesNewlyFailing;
    expect([first.items.map((pair) => pair.after.caseName), first.total, first.rules]).toEqual([['refund'], 2, 3]);
    // Nothing newly failing the other way round (what failed after passed before is newly passing, not listed here).
    expect((await store.compare('after', 'before', 10)).rulesNewlyFailing).toEqual({ items: [], total: 0, rules: 0, cases: 0 });
  });
});
