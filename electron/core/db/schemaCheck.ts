import { DatabaseSync } from 'node:sqlite';
import { LATEST_VERSION, migrate, userVersion } from './migrations';

/**
 * A history file may hold only the schema the migrations make. SQLite runs whatever triggers a
 * file holds on every write of ours and whatever views it holds when a name we query is one, so
 * a file that came from elsewhere (copied, synced, restored, edited with another tool) could
 * otherwise make the app's own statements do something else: copy each answer to another
 * table, delete entries, or stand a view in for a table.
 *
 * What the migrations make is not written down a second time here: the real migrations are run,
 * up to the file's own version, on a database in memory, and its `sqlite_master` is the one
 * the file's must equal: the name, type, table and SQL text of every table, index, trigger and
 * view, the full-text index's own tables included (SQLite stores each CREATE statement's text
 * as it was run, so a file the migrations made has the same text). A migration added later is
 * then covered with nothing to change here. It costs a few milliseconds at start, once per
 * version (kept for the rest of the process).
 */

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const SCHEMA_QUERY = 'SELECT type, name, tbl_name, sql FROM sqlite_master';

/** What the migrations make, by version. */
const expectedByVersion = new Map<number, Map<string, SchemaRow>>();

const keyOf = (row: SchemaRow) => `${row.type}\u0000${row.name}`;
const byKey = (rows: SchemaRow[]) => new Map(rows.map((row) => [keyOf(row), row]));

function expectedSchema(version: number): Map<string, SchemaRow> {
  let expected = expectedByVersion.get(version);
  if (expected === undefined) {
    const memory = new DatabaseSync(':memory:');
    try {
      migrate(memory, version);
      expected = byKey(memory.prepare(SCHEMA_QUERY).all() as unknown as SchemaRow[]);
    } finally {
      memory.close();
    }
    expectedByVersion.set(version, expected);
  }
  return expected;
}

/** The order things are told in: what runs by itself first. */
const TYPE_ORDER = ['trigger', 'view', 'table', 'index'];
const rank = (row: SchemaRow) => (TYPE_ORDER.includes(row.type) ? TYPE_ORDER.indexOf(row.type) : TYPE_ORDER.length);
const ordered = (rows: SchemaRow[]) => [...rows].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** A name from the file as inert text: quoted, control characters escaped, bounded. */
const quoted = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a');

function listed(rows: SchemaRow[]): string {
  const named = rows.slice(0, 3).map((row) => `${article(row.type)} ${row.type} ${quoted(row.name)}`);
  if (rows.length > 3) named.push(`${rows.length - 3} more`);
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * What in the database's schema the migrations did not make, in words, or null when it is
 * exactly theirs for its version. Reads the version and the schema in one read transaction, so
 * another instance's migration cannot fall between them. A version newer than this build's is
 * left to `migrate`, which refuses it with its own message.
 */
export function foreignSchema(db: DatabaseSync): string | null {
  let version: number;
  let found: SchemaRow[];
  db.exec('BEGIN');
  try {
    version = userVersion(db);
    found = db.prepare(SCHEMA_QUERY).all() as unknown as SchemaRow[];
  } finally {
    db.exec('COMMIT');
  }
  if (version > LATEST_VERSION) return null;
  const expected = expectedSchema(version);
  const foundByKey = byKey(found);
  if (foundByKey.size !== found.length) return 'its schema names one thing twice';
  const extra = found.filter((row) => !expected.has(keyOf(row)));
  if (extra.length > 0) return `it holds ${listed(ordered(extra))} that Agent Explorer did not make`;
  const changed = found.filter((row) => {
    const made = expected.get(keyOf(row))!;
    return made.tbl_name !== row.tbl_name || made.sql !== row.sql;
  });
  const [first] = ordered(changed);
  if (first) return `its ${first.type} ${quoted(first.name)} is not as Agent Explorer makes it`;
  const [missing] = ordered([...expected.values()].filter((row) => !foundByKey.has(keyOf(row))));
  if (missing) return `the ${missing.type} ${quoted(missing.name)} that Agent Explorer makes is missing`;
  return null;
}
