import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * npm warns EBADENGINE when a package's `engines.node` does not allow the Node that installs it.
 * We declare which Node we support (package.json `engines.node`, the Node 24 of the `node`
 * devDependency that the npm scripts run on); every locked package must allow all of it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: unknown }>;
};
const declared = manifest.engines?.node ?? '';

function nodeRangeOf(engines: unknown): string | null {
  // A few old packages write engines as an array; npm ignores those, and so do we.
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines)) return null;
  const range = (engines as { node?: unknown }).node;
  return typeof range === 'string' ? range : null;
}

describe('the Node we support', () => {
  it('is declared, as Node 24, and the locked node devDependency is in it', () => {
    expect(semver.validRange(declared)).not.toBeNull();
    expect(semver.minVersion(declared)?.major).toBe(24);
    const lockedNode = lock.packages['node_modules/node']?.version ?? '';
    expect(semver.satisfies(lockedNode, declared)).toBe(true);
  });

  it("is allowed by every locked package's engines.node, from its minimum up", () => {
    const minimum = semver.minVersion(declared)?.version ?? '';
    const lockedNode = lock.packages['node_modules/node']?.version ?? '';
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = nodeRangeOf(entry.engines);
      if (range === null || where === '') continue;
      const allows = semver.subset(declared, range) && semver.satisfies(minimum, range) && semver.satisfies(lockedNode, range);
      if (!allows) refusing.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${range}`);
    }
    expect(refusing).toEqual([]);
  });

  it('installs from the lockfile without an EBADENGINE warning on that Node', () => {
    // A dry run from the lockfile, offline: npm checks every package's engines and fetches nothing.
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-engines-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(root, file), path.join(dir, file));
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      // The npm scripts put the node devDependency first on PATH, so npm runs on the Node under test.
      const run = spawnSync(npm, ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(semver.satisfies(process.versions.node, declared)).toBe(true);
      expect(`${run.stdout}${run.stderr}`).not.toContain('EBADENGINE');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
