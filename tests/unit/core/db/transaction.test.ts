import { openInMemory } from '../../../../electron/core/db/database';
import { transaction } from '../../../../electron/core/db/transaction';

function countSummaries(db: ReturnType<typeof openInMemory>): number {
  return Number((db.prepare('SELECT count(*) AS n FROM run_summaries').get() as { n: number }).n);
}

describe('transaction', () => {
  it('keeps every write of the work and answers what the work answered', () => {
    const db = openInMemory();
    const answer = transaction(db, () => {
      db.prepare('INSERT INTO run_summaries (run_id, results, failures, lines) VALUES (?, 1, 0, 1)').run('a');
      db.prepare('INSERT INTO run_summaries (run_id, results, failures, lines) VALUES (?, 2, 1, 1)').run('b');
      return 'kept';
    });
    expect(answer).toBe('kept');
    expect(countSummaries(db)).toBe(2);
    expect(db.isTransaction).toBe(false);
  });

  it('keeps none of them when the work throws, and throws its error', () => {
    const db = openInMemory();
    expect(() =>
      transaction(db, () => {
        db.prepare('INSERT INTO run_summaries (run_id, results, failures, lines) VALUES (?, 1, 0, 1)').run('a');
        throw new Error('the disk is full');
      }),
    ).toThrow('the disk is full');
    expect(countSummaries(db)).toBe(0);
    expect(db.isTransaction).toBe(false);
  });
});
