import { patternsOf, payloadValues } from '../../../../../renderer/features/response/provenance';
import { rehypeProvenance } from '../../../../../renderer/features/response/rehypeProvenance';

type Node = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };

const text = (value: string): Node => ({ type: 'text', value });
const element = (tagName: string, ...children: Node[]): Node => ({ type: 'element', tagName, properties: {}, children });

/** The tree as a short string: marks as [text], notes as {text}. */
function flat(node: Node): string {
  if (node.type === 'text') return node.value ?? '';
  const inner = (node.children ?? []).map(flat).join('');
  if (node.tagName === 'mark') return `[${inner}]`;
  if (node.properties?.['role'] === 'note') return `{${inner}}`;
  return inner;
}

function run(tree: Node, payload: Record<string, string>, limit = 100): Node {
  const patterns = patternsOf(payloadValues(payload));
  rehypeProvenance({ patterns, colourOf: () => 0, limit })(tree as never);
  return tree;
}

describe('provenance marks in rendered markdown', () => {
  it('marks values inside nested elements and leaves other text alone', () => {
    const tree = run(
      { type: 'root', children: [element('p', text('Hi Ada, '), element('strong', text('Acme')), text(' here.'))] },
      {
        name: 'Ada',
        company: 'Acme',
      },
    );
    expect(flat(tree)).toBe('Hi [Ada], [Acme] here.');
  });

  it('does not find a value split across elements', () => {
    const tree = run(
      { type: 'root', children: [element('p', text('Grace '), element('strong', text('Hopper')))] },
      { name: 'Grace Hopper' },
    );
    expect(flat(tree)).toBe('Grace Hopper');
  });

  it('stops at the limit across text nodes and says so', () => {
    const tree = run({ type: 'root', children: [element('p', text('Ada Ada')), element('p', text('Ada'))] }, { name: 'Ada' }, 2);
    expect(flat(tree)).toBe('[Ada] [Ada]Ada{Highlighting stops after 2 marks.}');
  });

  it('adds no note when the limit is met exactly', () => {
    const tree = run({ type: 'root', children: [element('p', text('Ada Ada'))] }, { name: 'Ada' }, 2);
    expect(flat(tree)).toBe('[Ada] [Ada]');
  });
});
