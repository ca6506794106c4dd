import {
  CHUNK_TARGET_CHARS,
  headingIds,
  outline,
  plainInline,
  sameTitle,
  sectionSource,
  slugify,
} from '../../../../../renderer/features/guidelines/outline';

describe('heading ids', () => {
  it('are prefixed slugs, unique when headings repeat', () => {
    expect(headingIds(['Scope', 'Steps', 'Scope', 'scope', 'Scope-2'])).toEqual([
      'gl-scope',
      'gl-steps',
      'gl-scope-2',
      'gl-scope-3',
      'gl-scope-2-2',
    ]);
  });

  it('keep letters and digits of any script and never come out empty', () => {
    expect(slugify('Étape 2: Überprüfung!')).toBe('étape-2-überprüfung');
    expect(slugify('返金ポリシー')).toBe('返金ポリシー');
    expect(slugify('?!')).toBe('section');
    // Whatever the server writes, the id starts with the reader's prefix: it cannot be "root" or "app".
    expect(headingIds(['root'])[0]).toBe('gl-root');
  });
});

describe('outline', () => {
  const source = [
    '# Refund policy',
    '',
    'Intro.',
    '',
    '## Scope',
    'Text.',
    '```',
    '# not a heading',
    '```',
    '### Detail',
    'More.',
    '## Steps',
    '1. One',
    '# Appendix',
    'End.',
  ].join('\n');

  it('finds ATX headings outside code, with levels and sections', () => {
    const { headings, titleDropped } = outline(source, 'Other name');
    expect(titleDropped).toBe(false);
    expect(headings.map((h) => [h.level, h.text, h.id])).toEqual([
      [1, 'Refund policy', 'gl-refund-policy'],
      [2, 'Scope', 'gl-scope'],
      [3, 'Detail', 'gl-detail'],
      [2, 'Steps', 'gl-steps'],
      [1, 'Appendix', 'gl-appendix'],
    ]);
    // A section runs to the next heading of the same or a higher level.
    expect(sectionSource(source, headings[1]!)).toBe('## Scope\nText.\n```\n# not a heading\n```\n### Detail\nMore.\n');
    expect(sectionSource(source, headings[0]!)).toContain('## Steps\n1. One\n');
    expect(sectionSource(source, headings[0]!)).not.toContain('Appendix');
  });

  it('leaves out an opening heading equal to the name (trimmed, any case, emphasis ignored)', () => {
    expect(sameTitle('  **Refund**   _policy_ ', 'refund POLICY')).toBe(true);
    expect(sameTitle('Refund policy (draft)', 'Refund policy')).toBe(false);
    const result = outline('\n#  *Refund Policy*  #\n\nIntro.\n## Scope\nText.', 'Refund policy');
    expect(result.titleDropped).toBe(true);
    expect(result.headings.map((h) => h.text)).toEqual(['Scope']);
    expect(result.chunks.map((c) => c.source).join('')).not.toContain('Refund');
    expect(result.chunks[0]!.source).toContain('Intro.');
  });

  it('keeps a heading equal to the name that is not the opening line', () => {
    const result = outline('Intro first.\n\n# Refund policy\nText.', 'Refund policy');
    expect(result.titleDropped).toBe(false);
    expect(result.headings).toHaveLength(1);
  });

  it('splits into chunks at headings, and long runs at safe blank lines, losing nothing', () => {
    const paragraph = 'word '.repeat(200).trim();
    const long = Array.from({ length: 40 }, () => paragraph).join('\n\n');
    const text = `Lead.\n# A\n${long}\n# B\n- x\n\n  still in x\n`;
    const { chunks, headings } = outline(text, 'Name');
    expect(chunks.map((c) => c.source).join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.source.length).toBeLessThan(CHUNK_TARGET_CHARS + 2 * paragraph.length);
    expect(chunks[headings[1]!.chunk]!.source.startsWith('# B')).toBe(true);
    // An indented continuation never starts a chunk.
    expect(chunks.some((c) => c.source.startsWith('  still'))).toBe(false);
  });

  it('strips inline marks from heading text', () => {
    expect(plainInline('Use `curl` with [the docs](https://x.example) **now**')).toBe('Use curl with the docs now');
  });
});
