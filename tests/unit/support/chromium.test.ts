import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ENV, findChromium, missingChromium } from '../../support/chromium';

const dir = mkdtempSync(path.join(tmpdir(), 'ae-chromium-'));
const fake = path.join(dir, 'chromium');
writeFileSync(fake, '#!/bin/sh\n');
chmodSync(fake, 0o755);
const notExecutable = path.join(dir, 'plain-file');
writeFileSync(notExecutable, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A Chromium at one of the system locations on this machine, if any (found before Playwright's). */
const SYSTEM = findChromium({ PATH: '' }, '');

describe('finding a Chromium without downloading one', () => {
  it('takes the environment variable first', () => {
    expect(findChromium({ [CHROMIUM_ENV]: fake, PATH: '' })).toBe(fake);
  });

  it('does not fall back when the variable names something unusable', () => {
    expect(findChromium({ [CHROMIUM_ENV]: notExecutable, PATH: dir })).toBeNull();
  });

  it("finds Playwright's own download when nothing else is there", () => {
    expect(findChromium({ PATH: '' }, fake)).toBe(SYSTEM ?? fake);
    expect(findChromium({ PATH: '' }, notExecutable)).toBe(SYSTEM);
  });

  it('gives npm test the commands that get one, before it starts, when there is none', () => {
    expect(missingChromium({ [CHROMIUM_ENV]: path.join(dir, 'absent'), PATH: dir }, fake)).toBe(
      `npm test: ${CHROMIUM_ENV} names ${path.join(dir, 'absent')}, which is not a program that can run.\n` +
        'Get one, then run npm test again:\n' +
        '  Debian or Ubuntu:  sudo apt-get install -y chromium\n' +
        '  elsewhere:         npx playwright install chromium\n' +
        `  or name one:       ${CHROMIUM_ENV}=/path/to/chrome npm test\n`,
    );
    expect(missingChromium({ [CHROMIUM_ENV]: fake, PATH: '' })).toBeNull();
  });

  it('finds a system or PATH chromium otherwise', () => {
    const found = findChromium({ PATH: dir });
    expect(found).not.toBeNull();
    expect(path.basename(found ?? '')).toMatch(/chrom/);
  });
});
