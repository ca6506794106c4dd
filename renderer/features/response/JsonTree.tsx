import { useState } from 'react';
import type { JsonValue } from '../../../electron/shared/api';
import { formatCount, formatWhole } from '../../lib/textChunks';
import { LongText } from '../../ui/LongText';

/**
 * A collapsible tree of a JSON value that never renders more than a person asked for:
 * - containers deeper than two levels, or with more than `OPEN_MAX` entries, start closed;
 * - an open container shows `PAGE` entries at a time ("Show 100 more");
 * - strings longer than `STRING_PREVIEW` characters are cut, and "Show all" opens them as
 *   long text (itself revealed a piece at a time), so a 30 MB answer field costs nothing
 *   until it is opened.
 * Every key and value is a text node; strings are shown JSON-escaped, as in the body.
 */
const OPEN_MAX = 30;
const OPEN_DEPTH = 2;
const PAGE = 100;
const STRING_PREVIEW = 300;

function JsonString({ value }: { value: string }) {
  const [open, setOpen] = useState(false);
  if (value.length <= STRING_PREVIEW) return <span className="jt-string">{JSON.stringify(value)}</span>;
  if (open) {
    return (
      <div className="jt-long">
        <LongText text={value} as="div" className="jt-string jt-string-open" render={(shown) => JSON.stringify(shown)} />
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          Show less
        </button>
      </div>
    );
  }
  return (
    <>
      <span className="jt-string">{JSON.stringify(value.slice(0, STRING_PREVIEW)).slice(0, -1)}…</span>{' '}
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Show all ({formatCount(value.length, 'character')})
      </button>
    </>
  );
}

function Scalar({ value }: { value: Exclude<JsonValue, object> | null }) {
  if (typeof value === 'string') return <JsonString value={value} />;
  return <span className={value === null ? 'jt-null' : `jt-${typeof value}`}>{JSON.stringify(value)}</span>;
}

function Container({
  name,
  value,
  depth,
  index,
}: {
  name: string | null;
  value: JsonValue[] | { [key: string]: JsonValue };
  depth: number;
  index: boolean;
}) {
  const entries: [string, JsonValue][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const [open, setOpen] = useState(depth === 0 || (depth < OPEN_DEPTH && entries.length <= OPEN_MAX));
  const [limit, setLimit] = useState(PAGE);
  const isArray = Array.isArray(value);
  const count = isArray ? formatCount(entries.length, 'item') : formatCount(entries.length, 'key');
  return (
    <li className="jt-row">
      <button type="button" className="jt-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="jt-caret" aria-hidden="true" />
        {name !== null && <Name name={name} index={index} />}
        <span className="jt-summary">
          {isArray ? 'array' : 'object'}, {count}
        </span>
      </button>
      {open && entries.length > 0 && (
        <ul className="jt-children">
          {entries.slice(0, limit).map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} depth={depth + 1} index={isArray} />
          ))}
          {entries.length > limit && (
            <li className="jt-row">
              <button type="button" className="link-button" onClick={() => setLimit(limit + PAGE)}>
                Show {Math.min(PAGE, entries.length - limit)} more ({formatWhole(entries.length - limit)} left)
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** A key or index and its colon; the colon is real text so it reads in the toggle's name too ("items: array, 3 items"). */
function Name({ name, index }: { name: string; index: boolean }) {
  return (
    <>
      <span className={index ? 'jt-index' : 'jt-key'}>{name}</span>
      <span className="jt-colon">:</span>{' '}
    </>
  );
}

/**
 * One key (or array index) and its value. Indices are shown muted and keys plain: `0` is a
 * position, `answer` is a name.
 */
function JsonNode({ name, value, depth, index = false }: { name: string | null; value: JsonValue; depth: number; index?: boolean }) {
  if (value !== null && typeof value === 'object') return <Container name={name} value={value} depth={depth} index={index} />;
  return (
    <li className="jt-row jt-leaf">
      {name !== null && <Name name={name} index={index} />}
      <Scalar value={value} />
    </li>
  );
}

/** The whole tree, from its root value. */
export function JsonTree({ value }: { value: JsonValue }) {
  return (
    <ul className="jt" aria-label="JSON tree">
      <JsonNode name={null} value={value} depth={0} />
    </ul>
  );
}
