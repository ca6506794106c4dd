import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ENV, findChromium } from '../../support/chromium';

const dir = mkdtempSync(path.join(tmpdir(), 'ae-chromium-'));
const fake = path.join(dir, 'chromium');
writeFileSync(fake, '#!/bin/sh\n');
chmodSync(fake, 0o755);
const notExecutable = path.join(dir, 'plain-file');
writeFileSync(notExecutable, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('finding a Chromium without downloading one', () => {
  it('takes the environment variable first', () => {
    expect(findChromium({ [CHROMIUM_ENV]: fake, PATH: '' })).toBe(fake);
  });

  it('does not fall back when the variable names something unusable', () => {
    expect(findChromium({ [CHROMIUM_ENV]: notExecutable, PATH: dir })).toBeNull();
  });

  it('finds a system or PATH chromium otherwise', () => {
    const found = findChromium({ PATH: dir });
    expect(found).not.toBeNull();
    expect(path.basename(found ?? '')).toMatch(/chrom/);
  });
});
