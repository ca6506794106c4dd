// `npm test`: type check, lint, Electronegativity, unit tests (Vitest), a build, end-to-end
// tests (Playwright on real Chromium against browser mode) and Electron tests (skipped, with the
// reason, where the Electron binary is missing). Every step runs even if one fails, so one run
// shows all that is wrong; it ends with one summary line and a non-zero exit code on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reports = `${root}.tmp/reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const counts = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

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

function addVitest(file) {
  const report = readJson(file);
  if (!report) return;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function addPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return;
  counts.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  counts.failed += report.stats.unexpected ?? 0;
  counts.skipped += report.stats.skipped ?? 0;
}

step('type check', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
step('lint', 'eslint', ['--max-warnings', '0', '.']);
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

process.stdout.write('\n── summary ──\n');
for (const { name, ok, seconds } of steps) process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${name} (${seconds} s)\n`);
const failedSteps = steps.filter((s) => !s.ok).length;
process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
process.exitCode = failedSteps > 0 || counts.failed > 0 ? 1 : 0;
