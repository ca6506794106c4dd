import { describe, expect, it } from 'vitest';
import { base64, base64url, KEY, KEY_FORMS } from '../../../support/keyForms';
import {
  createHeadRedactor,
  createRedactor,
  createStreamRedactor,
  redactDeep,
  REDACTED,
  redactSecret,
} from '../../../../electron/core/http/redact';

describe('redactSecret', () => {
  for (const [name, form] of Object.entries(KEY_FORMS)) {
    it(`removes the key echoed ${name}`, () => {
      const result = redactSecret(`before ${form} after`, KEY);
      expect(result).toBe(`before ${REDACTED} after`);
    });
  }

  for (const user of ['', 'u', 'us', 'ada']) {
    it(`removes the key from a longer base64 string at every alignment (user "${user}")`, () => {
      for (const encode of [base64, base64url]) {
        const header = `Basic ${encode(`${user}:${KEY}`)}`;
        const result = redactSecret(header, KEY);
        expect(result).toContain(REDACTED);
        // What is left cannot give the key back: at most a character at either edge remains.
        const left = result.replace(`Basic `, '').split(REDACTED).join('');
        expect(left.length).toBeLessThanOrEqual(encode(`${user}:`).length + 4);
      }
    });
  }

  it('replaces every occurrence, and leaves other text alone', () => {
    const text = `a ${KEY} b ${encodeURIComponent(KEY)} c ${KEY}`;
    expect(redactSecret(text, KEY)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
    expect(redactSecret('nothing here: sk/~(live)', KEY)).toBe('nothing here: sk/~(live)');
  });

  it('leaves text alone without a secret, or with one too short to matter', () => {
    expect(redactSecret('demo text', 'demo')).toBe('demo text');
    expect(redactSecret('text', null)).toBe('text');
  });

  it('reaches every string and key of a value', () => {
    const value = { statusText: `Bad ${KEY}`, headers: { [`x-${KEY}`]: encodeURI(KEY) }, list: [base64(KEY)], n: 1, none: null };
    expect(JSON.stringify(redactDeep(value, createRedactor(KEY)))).not.toMatch(/sk\/|live|c2svf/);
  });

  it('redacts a key deep inside a value without touching the value it was given', () => {
    const value = { exchange: { headers: [{ name: 'x-echo', value: `k=${KEY}` }], body: 'plain' }, note: 'plain', n: 2 };
    const before = JSON.stringify(value);
    const redacted = redactDeep(value, createRedactor(KEY));
    expect(redacted).toEqual({ exchange: { headers: [{ name: 'x-echo', value: `k=${REDACTED}` }], body: 'plain' }, note: 'plain', n: 2 });
    expect(JSON.stringify(value)).toBe(before);
  });

  it('keeps a "__proto__" key as a field of its own when it redacts beside it', () => {
    const value = JSON.parse(`{"__proto__": {"polluted": true}, "echo": "${KEY}"}`) as Record<string, unknown>;
    const redacted = redactDeep(value, createRedactor(KEY));
    expect(Object.keys(redacted)).toEqual(['__proto__', 'echo']);
    expect(redacted['echo']).toBe(REDACTED);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('cuts a long text without leaving the start of a key behind', () => {
    const redactor = createRedactor(KEY);
    const text = `${'x'.repeat(10)}${KEY}${'y'.repeat(100)}`;
    expect(redactor.redactPrefix(text, 12)).toBe(`${'x'.repeat(10)}${REDACTED}`);
    expect(redactor.redactPrefix(text, 5)).toBe('xxxxx');
  });

  it('redacts a 50 MB body in well under a few seconds', () => {
    const body = `${'{"a":"lorem ipsum dolor sit amet", '.repeat(1_500_000)}"k":"${KEY}"}`;
    const started = performance.now();
    const result = redactSecret(body, KEY);
    expect(result.endsWith(`"k":"${REDACTED}"}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('createHeadRedactor (text Node read as latin1)', () => {
  it('redacts a non-ASCII key as text and as its UTF-8 bytes read one per character', () => {
    const head = createHeadRedactor(KEY);
    const latin1 = Buffer.from(KEY, 'utf8').toString('latin1');
    expect(latin1).not.toBe(KEY);
    expect(head.redact(`a ${KEY} b ${latin1} c`)).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });

  it('uses one redactor for an ASCII key, whose bytes read the same, and still catches every form', () => {
    const key = 'sk-ascii-0123456789abcdef';
    expect(createRedactor(key, 'bytes')).toBe(createRedactor(key));
    const head = createHeadRedactor(key);
    expect(head.redact(`x ${key} ${encodeURIComponent(key)} ${base64(key)} y`)).toBe(`x ${REDACTED} ${REDACTED} ${REDACTED} y`);
    expect(head.redact('nothing here at all, long enough')).toBe('nothing here at all, long enough');
  });
});

describe('createStreamRedactor', () => {
  const forms = Object.values(KEY_FORMS).map((form) => Buffer.from(`<${form}>`, 'utf8'));
  const body = Buffer.concat([Buffer.from('start '), ...forms, Buffer.from(' end')]);
  const expected = `start ${forms.map(() => `<${REDACTED}>`).join('')} end`;

  it('redacts a key split across chunk boundaries, wherever the boundary falls', () => {
    for (const size of [1, 2, 3, 5, 7, 16, 64, body.length]) {
      const stream = createStreamRedactor(KEY);
      const out: Buffer[] = [];
      for (let offset = 0; offset < body.length; offset += size) out.push(stream.push(body.subarray(offset, offset + size)));
      out.push(stream.end(true));
      expect(Buffer.concat(out).toString('utf8'), `chunks of ${size}`).toBe(expected);
    }
  });

  it('drops the start of a key left at the end of a cut body', () => {
    const stream = createStreamRedactor(KEY);
    const cut = Buffer.from(`ok ${KEY.slice(0, 10)}`, 'utf8');
    const out = Buffer.concat([stream.push(cut), stream.end(false)]).toString('utf8');
    expect(out).toBe(`ok ${REDACTED}`);
  });
});

describe('the shortest forms', () => {
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
});
