import { describe, expect, it } from 'vitest';
import { referencedColumns, substitutePayload, substituteText } from '../../../../electron/core/runs/substitute';
import { compilePattern, escapePatternText } from '../../../../electron/shared/answerPattern';

describe('{{column}} substitution', () => {
  const row = { customer: 'Dana', id: 42, note: 'a.b' };

  it('replaces double-brace references and leaves the platform’s single-brace placeholders alone', () => {
    expect(substituteText('Hi {{customer}} / {{ customer }}, {customer_name} stays', row)).toBe('Hi Dana / Dana, {customer_name} stays');
    expect(referencedColumns('{{a}} {b} {{ c }} {{a}}')).toEqual(['a', 'c']);
  });

  it('replaces in payload string values at any depth, keeping a whole reference’s JSON type', () => {
    const payload = {
      customer_name: '{{customer}}',
      order: { id: '{{id}}', label: 'N-{{id}}' },
      tags: ['{{note}}', '{placeholder}'],
      n: 3,
    };
    expect(substitutePayload(payload, row)).toEqual({
      customer_name: 'Dana',
      order: { id: 42, label: 'N-42' },
      tags: ['a.b', '{placeholder}'],
      n: 3,
    });
  });

  it('escapes values put into a pattern', () => {
    expect(substituteText('^{{note}}$', row, escapePatternText)).toBe('^a\\.b$');
    const pattern = compilePattern(substituteText('^{{note}}$', row, escapePatternText));
    expect(pattern.ok && [pattern.value.test('axb'), pattern.value.test('a.b')]).toEqual([false, true]);
    const every = compilePattern(`^${escapePatternText('\\^$.*+?()[]{}|/-')}$`);
    expect(every.ok && every.value.test('\\^$.*+?()[]{}|/-')).toBe(true);
  });

  it('sends a payload key named "__proto__" as a key, substituted like any other', () => {
    const payload = JSON.parse('{"__proto__": "{{customer}}", "inner": {"__proto__": {"id": "{{id}}"}}}') as Parameters<
      typeof substitutePayload
    >[0];
    expect(JSON.stringify(substitutePayload(payload, row))).toBe('{"__proto__":"Dana","inner":{"__proto__":{"id":42}}}');
  });

  it('leaves everything as written without a row', () => {
    expect(substituteText('{{customer}}', null)).toBe('{{customer}}');
  });
});

describe('a row value is looked up on the row itself', () => {
  it('treats a column a JSONL row lacks as empty, never as an inherited property', () => {
    const row = JSON.parse('{"name": "Dana"}') as Record<string, unknown>;
    expect(substituteText('[{{toString}}] [{{constructor}}] [{{__proto__}}]', row)).toBe('[] [] []');
    expect(substitutePayload({ a: '{{toString}}', b: 'x{{hasOwnProperty}}' }, row)).toEqual({ a: '', b: 'x' });
  });
});
