import { openAppDatabase } from '../../electron/core/db/open';
import { invokeEntry } from './historyEntries';

/**
 * A child process for the kill test (tests/unit/core/db/database.test.ts): opens the history
 * in argv[2] as the app does, then records entries as fast as it can, printing each id only
 * after `record` has returned: a printed id is an acknowledged entry. Answers vary in size (up
 * to 64 KB) so the WAL fills and checkpoints run, and a kill can land in one of those too.
 * A problem at open (a damaged file moved aside) is printed to stderr for the test to fail on.
 */
const store = openAppDatabase(process.argv[2]!, (message) => process.stderr.write(`${message}\n`));
let n = 0;
for (;;) {
  n += 1;
  const size = (n * 7919) % 65536;
  const id = await store.history.record(invokeEntry({ text: `write ${n}`, answer: `answer ${n} ${'z'.repeat(size)}` }));
  // Synchronous on a pipe (Node writes pipes synchronously on POSIX): once this returns the id
  // is in the parent's pipe, and a SIGKILL cannot take it back.
  process.stdout.write(`${id}\n`);
}
