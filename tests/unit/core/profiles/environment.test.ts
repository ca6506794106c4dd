import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentProfile, parseAuthVariable } from '../../../../electron/core/profiles/environment';

const KEY = 'store-sentinel-5a4b3c2d1e';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-stores-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Environment profile', () => {
  it('comes from AGENT_EXPLORER_* and is active-worthy', () => {
    const result = environmentProfile({
      AGENT_EXPLORER_BASE_URL: 'https://platform.example.com/',
      AGENT_EXPLORER_API_KEY: `  ${KEY}\n`,
      AGENT_EXPLORER_AUTH: 'header:X-API-Key',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        key: KEY,
        profile: expect.objectContaining({
          id: 'environment',
          name: 'Environment',
          kind: 'environment',
          baseUrl: 'https://platform.example.com',
          auth: { kind: 'header', header: 'X-API-Key' },
        }),
      },
    });
  });

  it('is absent without a base URL, and refused with a clear reason when malformed', () => {
    expect(environmentProfile({})).toEqual({ ok: true, value: null });
    expect(environmentProfile({ AGENT_EXPLORER_BASE_URL: 'http://platform.example.com' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('AGENT_EXPLORER_BASE_URL'),
    });
    expect(environmentProfile({ AGENT_EXPLORER_BASE_URL: 'https://p.example', AGENT_EXPLORER_AUTH: 'cookie:x' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('AGENT_EXPLORER_AUTH'),
    });
  });

  it.each([
    ['', { kind: 'bearer' }],
    ['bearer', { kind: 'bearer' }],
    ['scheme:Api-Key', { kind: 'scheme', scheme: 'Api-Key' }],
    ['HEADER:X-Key', { kind: 'header', header: 'X-Key' }],
    ['query:api_key', { kind: 'query', param: 'api_key' }],
    ['query:', null],
    ['header:Host', null],
  ])('AGENT_EXPLORER_AUTH=%j', (text, expected) => {
    expect(parseAuthVariable(text)).toEqual(expected);
  });
});
