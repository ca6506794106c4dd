import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isInsecureHttp } from '../../../../electron/core/profiles/baseUrl';

describe('base URLs', () => {
  it.each([
    ['https://platform.example.com', 'https://platform.example.com'],
    ['https://platform.example.com/base/', 'https://platform.example.com/base'],
    ['  https://platform.example.com/  ', 'https://platform.example.com'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s', (raw, value) => {
    expect(checkBaseUrl(raw, false)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'Enter the base URL'],
    ['platform.example.com', 'is not a URL'],
    ['ftp://platform.example.com', 'Only https:'],
    ['javascript:alert(1)', 'Only https:'],
    ['http://platform.example.com', 'Allow insecure HTTP'],
    ['http://127.0.0.1.evil.example', 'Allow insecure HTTP'],
    ['https://user:pass@platform.example.com', 'user name and password'],
    ['https://platform.example.com/?api_key=x', 'query'],
  ])('refuses %j with a reason', (raw, message) => {
    const checked = checkBaseUrl(raw, false);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error.field).toBe('baseUrl');
    expect(!checked.ok && checked.error.message).toContain(message);
  });

  it('allows plain http to a remote host only when the profile says so, and calls it insecure', () => {
    expect(checkBaseUrl('http://platform.example.com', true)).toEqual({ ok: true, value: 'http://platform.example.com' });
    expect(isInsecureHttp('http://platform.example.com')).toBe(true);
    expect(isInsecureHttp('http://127.0.0.1:1')).toBe(false);
    expect(isInsecureHttp('https://platform.example.com')).toBe(false);
  });
});
