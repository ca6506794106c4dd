import { describe, expect, it } from 'vitest';
import { platformPath } from '../../../../electron/core/http/platformPath';

describe('ids become exactly one path segment', () => {
  it('builds the contract paths', () => {
    expect(platformPath('agent', 'abc')).toEqual({ ok: true, value: 'api/agent/abc/invoke/' });
    expect(platformPath('guideline', 'abc')).toEqual({ ok: true, value: 'api/guideline/abc/' });
  });

  it('trims surrounding whitespace', () => {
    expect(platformPath('agent', '  abc\n')).toEqual({ ok: true, value: 'api/agent/abc/invoke/' });
  });

  it.each([
    ['../../admin', 'api/agent/..%2F..%2Fadmin/invoke/'],
    ['a/b', 'api/agent/a%2Fb/invoke/'],
    ['a?x=1#f', 'api/agent/a%3Fx%3D1%23f/invoke/'],
    ['50%', 'api/agent/50%25/invoke/'],
    ['a b', 'api/agent/a%20b/invoke/'],
  ])('encodes %j so it cannot change the path', (id, path) => {
    expect(platformPath('agent', id)).toEqual({ ok: true, value: path });
  });

  it.each(['', '   ', '.', '..'])('refuses %j with a clear message', (id) => {
    const result = platformPath('guideline', id);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_argument');
      expect(result.error.message).toMatch(/guideline id/);
    }
  });
});
