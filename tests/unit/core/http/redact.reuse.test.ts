import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../../../electron/core/http/redact';

describe('redactors are built once per key and kept (a run builds three per exchange)', () => {
  it('gives the same matcher for the same key and domain, and a different one otherwise', () => {
    const one = createRedactor('key-aaaaaaaaaaaa');
    expect(createRedactor('key-aaaaaaaaaaaa')).toBe(one);
    // An ASCII key reads the same as text and as bytes: one matcher serves both.
    expect(createRedactor('key-aaaaaaaaaaaa', 'bytes')).toBe(one);
    expect(createRedactor('clé-aaaaaaaaaaaa', 'bytes')).not.toBe(createRedactor('clé-aaaaaaaaaaaa'));
    const other = createRedactor('key-bbbbbbbbbbbb');
    expect(other).not.toBe(one);
    expect(other.redact('x key-aaaaaaaaaaaa key-bbbbbbbbbbbb')).toBe(`x key-aaaaaaaaaaaa ${REDACTED}`);
  });

  it('a kept matcher redacts as a new one would, call after call', () => {
    const redactor = createRedactor('secret-cccccccc');
    for (let i = 0; i < 3; i += 1)
      expect(createRedactor('secret-cccccccc').redactPrefix('a secret-cccccccc b secret-cccccccc', 30)).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(redactor.redact('secret-cccccccc')).toBe(REDACTED);
  });
});
