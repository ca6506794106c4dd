import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecret } from '../../../electron/core/redact';

describe('redactSecret', () => {
  it('replaces every occurrence, plain and URL-encoded', () => {
    const key = 'sk live/secret+key';
    const text = `bad key ${key}; url ?k=${encodeURIComponent(key)}; again ${key}`;
    const result = redactSecret(text, key);
    expect(result).not.toContain(key);
    expect(result).not.toContain(encodeURIComponent(key));
    expect(result.split(REDACTED)).toHaveLength(4);
  });

  it('leaves text alone without a secret, or with one too short to matter', () => {
    expect(redactSecret('demo text', 'demo')).toBe('demo text');
    expect(redactSecret('text', null)).toBe('text');
  });
});
