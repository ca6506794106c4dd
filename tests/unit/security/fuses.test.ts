import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The Electron fuses in electron-builder.yml. electron-builder cannot run here (it downloads
 * Electron), so this checks the file the way it would: through the validator electron-builder
 * runs on its configuration (app-builder-lib's, with its JSON schema), then the values.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
// Both come with electron-builder; resolved from it, as electron-builder itself loads them.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const yaml = fromBuilder('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = fromBuilder('./out/util/config/config') as {
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
};
const quietLogger = { isEnabled: false, add: () => undefined, save: () => Promise.resolve() };

const config = yaml.load(readFileSync(`${root}electron-builder.yml`, 'utf8')) as { electronFuses?: Record<string, boolean> };

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration validation", async () => {
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
  });

  it('would fail that validation with a misspelt fuse', async () => {
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(misspelt, quietLogger)).rejects.toThrow(/electronFuses/);
  });

  it('flips the fuses the app does not need, and turns on the protective ones', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
      // Not a fuse: re-signs ad hoc after the flip, so unsigned arm64 macOS builds still launch.
      resetAdHocDarwinSignature: true,
    });
  });
});
