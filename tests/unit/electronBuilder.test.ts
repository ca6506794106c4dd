import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * What each target in electron-builder.yml needs from the configuration and package.json, so
 * `npm run dist` does not stop halfway on a machine that can package (electron-builder cannot
 * run here: it downloads Electron). The rules are electron-builder's own:
 * - deb (an fpm target): a project URL, from `homepage` (or a GitHub `repository`), and a
 *   maintainer, from `linux.maintainer` or `author.email`; without either it throws
 *   (app-builder-lib's FpmTarget.computeFpmMetaInfoOptions). fpm also writes the description.
 * - Linux desktop targets: a `linux.category` from the freedesktop main categories (the
 *   .desktop file's Categories).
 * - macOS with fuses flipped: `resetAdHocDarwinSignature`, or an unsigned arm64 build does not
 *   launch (@electron/fuses README, "Apple Silicon").
 * - Every target: `description` and `author` in package.json (electron-builder warns without
 *   them; NSIS takes the publisher from the author's name).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const config = parse(readFileSync(`${root}electron-builder.yml`, 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as PackageJson;

interface BuilderConfig {
  electronFuses?: Record<string, boolean>;
  appImage?: { executableArgs?: string[] | null };
  deb?: { executableArgs?: string[] | null };
  extraResources?: { from: string; to: string }[];
  linux?: { target?: string[]; category?: string; maintainer?: string; executableArgs?: string[] | null };
  mac?: { target?: string[]; category?: string };
  win?: { target?: string[] };
}
interface PackageJson {
  description?: string;
  homepage?: string;
  author?: string | { name?: string; email?: string };
  repository?: unknown;
}

const FPM_TARGETS = new Set(['deb', 'rpm', 'freebsd', 'pacman', 'p5p', 'apk', 'sh', 'tar.xz', 'tar.gz', 'tar.bz2', 'tar.lz']);
const FREEDESKTOP_MAIN_CATEGORIES = new Set([
  'AudioVideo',
  'Audio',
  'Video',
  'Development',
  'Education',
  'Game',
  'Graphics',
  'Network',
  'Office',
  'Science',
  'Settings',
  'System',
  'Utility',
]);
const MAILBOX = /^[^<>\s][^<>]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>$/;

/** What electron-builder would refuse for this target, in its own words where it has them. */
function problemsOf(target: string, builder: BuilderConfig, metadata: PackageJson): string[] {
  const problems: string[] = [];
  const author = typeof metadata.author === 'object' ? metadata.author : undefined;
  if (FPM_TARGETS.has(target)) {
    if (!metadata.homepage && !metadata.repository) problems.push(`${target}: Please specify project homepage`);
    const maintainer = builder.linux?.maintainer ?? (author?.email ? `${author.name} <${author.email}>` : undefined);
    if (!maintainer) problems.push(`${target}: Please specify author 'email' in the application package.json`);
    else if (!MAILBOX.test(maintainer)) problems.push(`${target}: maintainer is not "Name <email>": ${maintainer}`);
    if (!metadata.description?.trim()) problems.push(`${target}: no description`);
  }
  if (target === 'dmg' || target === 'zip' || target === 'mas' || target === 'pkg') {
    if (builder.electronFuses && builder.electronFuses['resetAdHocDarwinSignature'] !== true) {
      problems.push(`${target}: fuses are flipped without resetAdHocDarwinSignature, so an unsigned arm64 build will not launch`);
    }
  }
  return problems;
}

const targets = [...(config.linux?.target ?? []), ...(config.mac?.target ?? []), ...(config.win?.target ?? [])];

describe('what each packaging target needs', () => {
  it.each(targets)('%s has everything electron-builder asks for', (target) => {
    expect(problemsOf(target, config, pkg)).toEqual([]);
  });

  it('the rules catch what this configuration once lacked', () => {
    const bare: PackageJson = { description: pkg.description };
    const noMaintainer = { ...config, linux: { ...config.linux, maintainer: undefined } };
    expect(problemsOf('deb', noMaintainer, bare)).toEqual([
      'deb: Please specify project homepage',
      "deb: Please specify author 'email' in the application package.json",
    ]);
    const fusesOnly = { ...config, electronFuses: { runAsNode: false } };
    expect(problemsOf('dmg', fusesOnly, pkg)).toHaveLength(1);
  });

  it('package.json names an author with an email, a homepage and a description, for every target', () => {
    expect(pkg.description).toMatch(/\S/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.author).toMatchObject({ name: expect.stringMatching(/\S/), email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) });
  });

  it('Linux desktop entries get a freedesktop main category; macOS an App Store category', () => {
    expect(FREEDESKTOP_MAIN_CATEGORIES).toContain(config.linux?.category);
    expect(config.mac?.category).toMatch(/^public\.app-category\.[a-z-]+$/);
  });

  it('ships the README outside app.asar, for Help > README', () => {
    expect(config.extraResources).toContainEqual({ from: 'README.md', to: 'README.md' });
    // The user guide and the documents it links to, for Help > User Guide.
    expect(config.extraResources).toContainEqual({ from: 'docs', to: 'docs', filter: ['**/*.md', '**/*.png'] });
  });
});

/**
 * The AppImage's desktop entry, as electron-builder's own AppImageTarget writes it (the
 * installed app-builder-lib, run on this configuration with a stand-in packager). Unless
 * `executableArgs` is given, that target writes `--no-sandbox` into the entry's Exec line
 * (app-builder-lib src/targets/appimage/AppImageTarget.ts: `executableArgs ?? ["--no-sandbox"]`
 * for the default AppImage toolset), and every launch from the menu would run without
 * Chromium's sandbox. `null` does not replace the default, and lists from `linux` and
 * `appImage` are merged (builder-util-runtime's deepAssign), so none may hold the switch.
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const AppImageTarget = (
  fromBuilder('./out/targets/appimage/AppImageTarget') as {
    default: new (...args: unknown[]) => { desktopEntry: { value: Promise<string> } };
  }
).default;

function appImageExec(builder: BuilderConfig): Promise<string> {
  const packager = { platformSpecificBuildOptions: builder.linux ?? {}, config: builder, appInfo: { buildVersion: '0.0.0-test' } };
  const helper = { computeDesktopEntry: (_options: unknown, exec: string) => Promise.resolve(exec) };
  return new AppImageTarget(null, packager, helper, '/tmp').desktopEntry.value;
}

describe('the Linux packages start with the Chromium sandbox', () => {
  it('the AppImage launches with no --no-sandbox', async () => {
    expect(await appImageExec(config)).toBe('AppRun %U');
  });

  it("electron-builder's default would have added it", async () => {
    const { appImage: _mentioned, ...withoutIt } = config;
    expect(await appImageExec(withoutIt)).toBe('AppRun --no-sandbox %U');
  });

  it('neither the Linux options nor the deb pass it', () => {
    expect(config.linux?.executableArgs ?? []).not.toContain('--no-sandbox');
    expect(config.deb?.executableArgs ?? []).not.toContain('--no-sandbox');
  });
});

describe('the Electron fuses', () => {
  /**
   * The Electron fuses in electron-builder.yml. electron-builder cannot run here (it downloads
   * Electron), so this checks the file the way it would: through the validator electron-builder
   * runs on its configuration (app-builder-lib's, with its JSON schema), then the values.
   */
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
});
