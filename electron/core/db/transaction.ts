import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction (IMMEDIATE: takes the lock first, so it cannot deadlock
 * with another instance). Every store of the one database uses it.
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
