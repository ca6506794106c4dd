import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../../electron/core/http/redact';

/**
 * A redactor skips texts shorter than any occurrence of the key can be (most of the hundred-odd
 * header names, keys and status words of each exchange). The skip must never let an occurrence
 * through: the shortest forms, alone in a text of exactly their length, are still redacted.
 */
const key = 'sk-live-4f9a2b7c';

function base64Core(secret: string, offset: number, url: boolean): string {
  const bytes = Buffer.from(secret, 'utf8');
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(url ? 'base64url' : 'base64');
  return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
}

describe('redacting short texts', () => {
  it('still redacts each shortest form when the text is just that form', () => {
    const redactor = createRedactor(key);
    expect(redactor.redact(key)).toBe(REDACTED);
    for (const offset of [0, 1, 2]) {
      for (const url of [false, true]) {
        const core = base64Core(key, offset, url);
        expect(redactor.redact(core)).toBe(REDACTED);
      }
    }
    // A space may be sent as "+", one character for one.
    const spaced = createRedactor('open sesame key');
    expect(spaced.redact('open+sesame+key')).toBe(REDACTED);
    expect(createRedactor(key, 'bytes').redact(key)).toBe(REDACTED);
  });

  it('leaves shorter texts as they are', () => {
    const redactor = createRedactor(key);
    expect(redactor.redact(key.slice(0, -1))).toBe(key.slice(0, -1));
    expect(redactor.redact('content-type')).toBe('content-type');
  });
});
