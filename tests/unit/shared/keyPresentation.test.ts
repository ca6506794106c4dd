import { describe, expect, it } from 'vitest';
import { checkPresentation } from '../../../electron/shared/keyPresentation';
import { DETECT_CANDIDATES } from '../../../electron/core/profiles/keyPresentation';

describe('presentations from untrusted input', () => {
  it.each([
    [{ kind: 'scheme', scheme: 'Api Key' }, 'one word'],
    [{ kind: 'header', header: 'X-Key\r\nInjected: 1' }, 'one word'],
    [{ kind: 'header', header: 'Host' }, 'cannot be sent in the Host header'],
    [{ kind: 'query', param: 'a&b' }, 'letters, digits'],
    [{ kind: 'cookie' }, 'Choose how'],
    [null, 'Choose how'],
  ])('%j is refused', (raw, message) => {
    const checked = checkPresentation(raw);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error).toMatchObject({ code: 'invalid_argument', field: 'auth' });
    expect(!checked.ok && checked.error.message).toContain(message);
  });

  it('accepts and trims valid ones', () => {
    expect(checkPresentation({ kind: 'header', header: ' X-API-Key ' })).toEqual({
      ok: true,
      value: { kind: 'header', header: 'X-API-Key' },
    });
    for (const candidate of DETECT_CANDIDATES) expect(checkPresentation(candidate).ok).toBe(true);
  });
});
