import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import suiteSchema from '../../../schemas/suite.schema.json';
import { checkPayload } from '../../lib/payload';
import { containerAt, keySpotAt, keySuggestions } from '../../lib/payloadCompletion';

/**
 * The suite Source editor's hints, from the suite's own JSON Schema (schemas/suite.schema.json,
 * built from the rules the runner checks a suite with): lint marks where the text breaks the
 * schema, and the fields that go where a key is typed, with their descriptions. Kept apart from
 * the component so they are tested in Node on a bare `EditorState`.
 */

type SchemaNode = Record<string, unknown>;
type Segment = string | number;

const ROOT = suiteSchema as unknown as SchemaNode;
// Every error, not just the first: a person fixes them all in one go.
const validator = new Validator(suiteSchema as unknown as Schema, '7', false);

function definition(ref: string): SchemaNode | null {
  const name = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
  const definitions = ROOT.definitions as Record<string, SchemaNode> | undefined;
  return name === undefined ? null : (definitions?.[name] ?? null);
}

/** The schema and the parts it is made of ($ref and allOf followed), so their properties can be gathered. */
function parts(schema: SchemaNode | null): SchemaNode[] {
  if (!schema) return [];
  const referenced = typeof schema.$ref === 'string' ? parts(definition(schema.$ref)) : [];
  const all = Array.isArray(schema.allOf) ? (schema.allOf as SchemaNode[]).flatMap(parts) : [];
  return [schema, ...referenced, ...all];
}

/** The schema a value at `path` must match (null where the schema says nothing of it). */
function schemaAt(path: readonly Segment[]): SchemaNode | null {
  let schema: SchemaNode | null = ROOT;
  for (const segment of path) {
    const from = parts(schema);
    schema =
      typeof segment === 'number'
        ? ((from.find((part) => part.items)?.items as SchemaNode | undefined) ?? null)
        : ((from.map((part) => (part.properties as Record<string, SchemaNode> | undefined)?.[segment]).find(Boolean) as
            SchemaNode | undefined) ?? null);
  }
  return schema;
}

/** The fields an object at `path` may have, each with what it is for (the schema's description). */
export function suiteFieldsAt(path: readonly Segment[]): { key: string; detail: string }[] {
  const fields = new Map<string, string>();
  for (const part of parts(schemaAt(path))) {
    for (const [key, field] of Object.entries((part.properties as Record<string, SchemaNode> | undefined) ?? {})) {
      const about = parts(field).find((piece) => typeof piece.description === 'string')?.description;
      if (!fields.has(key) || (fields.get(key) === '' && typeof about === 'string'))
        fields.set(key, typeof about === 'string' ? about : '');
    }
  }
  return [...fields].map(([key, detail]) => ({ key, detail }));
}

/** Completes the fields the schema allows where a key of any object of the suite is typed. */
export function suiteKeyCompletions(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc.toString();
  const spot = keySpotAt(text, context.pos, true);
  if (!spot || (!spot.quoted && spot.typed === '' && !context.explicit)) return null;
  const container = containerAt(text, context.pos);
  if (!container) return null;
  const options = keySuggestions(text, spot, suiteFieldsAt(container.path), container.keys);
  if (options.length === 0) return null;
  return {
    from: spot.from,
    to: spot.to,
    options: options.map((option) => ({ label: option.label, apply: option.apply, info: option.detail || undefined, type: 'property' })),
    filter: false,
  };
}

type TreeNode = ReturnType<typeof syntaxTree>['topNode'];

function childrenOf(node: TreeNode): TreeNode[] {
  const children: TreeNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
  return children;
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The key (when the value is an object's) and the value at a JSON pointer's place in the text. */
function locate(state: EditorState, pointer: string): { key: TreeNode | null; value: TreeNode } | null {
  const segments = pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((segment) => decodeURI(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  let value = childrenOf(syntaxTree(state).topNode).find((node) => VALUE_NODES.has(node.name)) ?? null;
  let key: TreeNode | null = null;
  for (const segment of segments) {
    if (!value) return null;
    if (value.name === 'Object') {
      // JSON.parse keeps the last of two equal keys; so does the validator.
      const property = childrenOf(value)
        .filter((node) => node.name === 'Property')
        .findLast((node) => {
          const name = node.getChild('PropertyName');
          return name !== null && JSON.parse(state.sliceDoc(name.from, name.to)) === segment;
        });
      key = property?.getChild('PropertyName') ?? null;
      value = property ? (childrenOf(property).find((node) => VALUE_NODES.has(node.name)) ?? null) : null;
    } else if (value.name === 'Array') {
      key = null;
      value = childrenOf(value).filter((node) => VALUE_NODES.has(node.name))[Number(segment)] ?? null;
    } else return null;
  }
  return value ? { key, value } : null;
}

/** The problems a person can act on: the validator also reports each enclosing schema that failed. */
const LEAF_KEYWORDS = new Set(['type', 'required', 'enum', 'const', 'false', 'pattern', 'uniqueItems', 'format']);
const LEAF_PREFIXES = ['min', 'max', 'exclusive', 'multipleOf'];
const isLeaf = (error: OutputUnit) => LEAF_KEYWORDS.has(error.keyword) || LEAF_PREFIXES.some((prefix) => error.keyword.startsWith(prefix));

function parentPath(pointer: string): Segment[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1, -1)
    .map((segment) => {
      const text = decodeURI(segment).replace(/~1/g, '/').replace(/~0/g, '~');
      return /^\d+$/.test(text) ? Number(text) : text;
    });
}

/** A field name the schema does not know (`false` for additionalProperties, `enum` under propertyNames). */
function isUnknownField(error: OutputUnit): boolean {
  return error.keyword === 'false' || (error.keyword === 'enum' && error.keywordLocation.includes('/propertyNames/'));
}

function messageOf(error: OutputUnit): string {
  if (isUnknownField(error)) {
    const name = decodeURI(error.instanceLocation.split('/').at(-1) ?? '');
    const fields = suiteFieldsAt(parentPath(error.instanceLocation)).map((field) => field.key);
    return `"${name}" is not a field here. Fields: ${fields.join(', ')}.`;
  }
  const required = /required property "(.*)"/.exec(error.error)?.[1];
  if (error.keyword === 'required' && required !== undefined) return `Missing "${required}".`;
  const type = /Instance type "(.*)" is invalid\. Expected "(.*)"/.exec(error.error);
  if (type) return `Expected ${type[2]}, found ${type[1]}.`;
  return error.error.replace(/^Instance /, 'The value ');
}

/** Lint marks: the JSON error (as the payload editor words it), else every place the text breaks the suite's schema. */
export function suiteLintSource(view: { state: EditorState }): Diagnostic[] {
  const text = view.state.doc.toString();
  const check = checkPayload(text);
  if (!check.ok && check.kind === 'invalid_json') {
    const from = Math.min(check.offset, text.length);
    return [{ from, to: Math.min(from + 1, text.length), severity: 'error', message: check.message }];
  }
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const error of validator.validate(JSON.parse(text)).errors.filter(isLeaf)) {
    const message = messageOf(error);
    const place = locate(view.state, error.instanceLocation);
    if (!place || seen.has(`${error.instanceLocation} ${message}`)) continue;
    seen.add(`${error.instanceLocation} ${message}`);
    const { key, value } = place;
    const container = value.name === 'Object' || value.name === 'Array';
    const [from, to] =
      isUnknownField(error) && key
        ? [key.from, key.to]
        : !container
          ? [value.from, value.to]
          : key
            ? [key.from, key.to]
            : [value.from, value.from + 1];
    diagnostics.push({ from, to, severity: 'error', message });
  }
  return diagnostics;
}
