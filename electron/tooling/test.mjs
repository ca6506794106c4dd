// `npm test`: type check, lint, import circles, format, dead code, Electronegativity, unit tests (Vitest), a build, end-to-end
// tests (Playwright on real Chromium against browser mode) and Electron tests (skipped, with the
// reason, where the Electron binary is missing). Every step runs even if one fails, so one run
// shows all that is wrong; it ends with one summary line and a non-zero exit code on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// No Chromium: say at once how to get one, rather than after minutes of other steps.
const { missingChromium } = await import('../../tests/support/chromium.ts');
const missing = missingChromium();
if (missing) {
  process.stderr.write(missing);
  process.exit(1);
}
const reports = `${root}.tmp/reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const counts = { passed: 0, failed: 0, skipped: 0 };
const steps = [];
/** Failed tests with the start of their error, repeated after the summary: a CI log is often read from its end. */
const failures = [];

function step(name, command, args, env = {}) {
  process.stdout.write(`\n── ${name} ──\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: ((performance.now() - started) / 1000).toFixed(1) });
  return ok;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** The first lines of an error, without terminal colours, so the digest stays short. */
function excerpt(message) {
  // eslint-disable-next-line no-control-regex
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const own = plain.split('\n').filter((line) => !/^\s*at .*(node_modules|<anonymous>)/.test(line));
  return own.slice(0, 12).join('\n').replaceAll(root, '');
}

function addVitest(file) {
  const report = readJson(file);
  if (!report) return;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push({ title: `${relative(root, suite.name)} › ${test.fullName}`, error: excerpt(test.failureMessages?.[0]) });
    }
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      failures.push({ title: relative(root, suite.name), error: excerpt(suite.message) });
    }
  }
}

function* playwrightSpecs(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) yield { spec, titles: path };
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child, path);
}

function addPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return;
  counts.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  counts.failed += report.stats.unexpected ?? 0;
  counts.skipped += report.stats.skipped ?? 0;
  for (const suite of report.suites ?? []) {
    for (const { spec, titles } of playwrightSpecs(suite)) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const error = last?.errors?.map((e) => e.message).join('\n') ?? last?.error?.message;
        failures.push({
          title: `${relative(root, join(report.config?.rootDir ?? root, spec.file))}:${spec.line} › ${[...titles.slice(1), spec.title].join(' › ')}`,
          error: excerpt(error),
        });
      }
    }
  }
  for (const error of report.errors ?? []) failures.push({ title: file, error: excerpt(error.message) });
}

step('type check', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
step('lint', 'eslint', ['--max-warnings', '0', '.']);
// No import circle anywhere in the source (the lint rules hold the direction between folders).
step('import circles', 'madge', ['--circular', '--extensions', 'ts,tsx', 'electron', 'renderer']);
// One layout, decided by Prettier (npm run format rewrites it), and no dead code: knip finds
// files, exports and dependencies nothing uses.
step('format', 'prettier', ['--check', '--log-level', 'warn', '.']);
step('dead code', 'knip', []);
// Electronegativity's security checks over electron/ and renderer/; offline, a few seconds.
step('electronegativity', process.execPath, ['electron/tooling/electronegativity.mjs']);
step('unit tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`]);
addVitest(`${reports}/vitest.json`);
if (step('build', process.execPath, ['electron/tooling/build.mjs'])) {
  step('end-to-end tests (browser mode, Chromium)', 'playwright', ['test', '--config', 'tests/e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
  });
  addPlaywright(`${reports}/e2e.json`);
  step('Electron tests', 'playwright', ['test', '--config', 'tests/electron/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/electron.json`,
  });
  addPlaywright(`${reports}/electron.json`);
}

if (failures.length > 0) {
  process.stdout.write('\n── failed tests ──\n');
  for (const { title, error } of failures) process.stdout.write(`✘ ${title}\n${error.replace(/^/gm, '    ')}\n\n`);
}
process.stdout.write('\n── summary ──\n');
for (const { name, ok, seconds } of steps) process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${name} (${seconds} s)\n`);
const failedSteps = steps.filter((s) => !s.ok).length;
process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
process.exitCode = failedSteps > 0 || counts.failed > 0 ? 1 : 0;
