import { onTestFinished } from 'vitest';
import { openMemoryDatabase, type AppDatabase } from '../../electron/core/db/open';

/**
 * The app's database in memory, made by the real migrations: the same stores a run without a
 * data folder uses, closed when the test ends. Call it inside a test.
 */
export function memoryDatabase(): AppDatabase {
  const database = openMemoryDatabase();
  onTestFinished(() => database.close());
  return database;
}
