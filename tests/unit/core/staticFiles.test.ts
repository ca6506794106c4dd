import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStaticFile, resolveStaticPath } from '../../../electron/core/staticFiles';

const parent = mkdtempSync(path.join(tmpdir(), 'ae-static-'));
const root = path.join(parent, 'renderer');
mkdirSync(path.join(root, 'assets'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(parent, 'secret.txt'), 'outside');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('static files stay inside the renderer folder', () => {
  it('serves index.html for / and files by extension', async () => {
    expect((await readStaticFile(root, '/'))?.contentType).toBe('text/html; charset=utf-8');
    expect((await readStaticFile(root, '/assets/app.js'))?.body.toString()).toBe('console.log(1)');
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/a%00.js',
    '/.git/config',
    '/%E0%A4%A',
  ])('refuses %s', async (urlPath) => {
    expect(resolveStaticPath(root, urlPath)).toBeNull();
    expect(await readStaticFile(root, urlPath)).toBeNull();
  });

  it('does not serve files of unknown types or that do not exist', async () => {
    expect(await readStaticFile(root, '/missing.js')).toBeNull();
    writeFileSync(path.join(root, 'data.bin'), 'x');
    expect(await readStaticFile(root, '/data.bin')).toBeNull();
  });
});
