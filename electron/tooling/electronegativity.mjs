// `node electron/tooling/electronegativity.mjs`: Doyensec's Electronegativity over the app's
// code, judged. It prints one table and exits non-zero when a HIGH or MEDIUM finding remains
// that no `// eng-disable CHECK -- reason` comment justifies, when such a comment gives no
// reason, when a file could not be parsed (its checks did not run), or when no report came out.
//
// What is scanned: electron/ (without tooling/, build scripts that never ship) and renderer/.
// The renderer is where guideline content is rendered, so the checks for eval, http resources,
// webview tags and Blink features belong there; and Electronegativity's global checks (is there
// a will-navigate handler, a permission handler?) must see the whole app at once, or a
// renderer-only scan reports every handler as missing. Both folders are copied into one
// temporary folder, which is scanned.
//
// Offline and quick: the Electron version is passed explicitly (read from the installed
// electron package), and the one check that downloads Electron's release list is not run
// (EXCLUDED_CHECKS says why). Electronegativity 1.10.3 still tries once to download updated
// message translations (1 s timeout, then its bundled English). The scan runs in a child
// process that writes a JSON report and exits at once, so the tool's stray retry timers (which
// crash it after a failed download) cannot touch the result: the report is judged, not the
// exit code. JSON and not the tool's CSV, because its CSV header and rows are two concurrent
// unordered writes to one file, and its SARIF has no severity.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronPackageDir } from './electronBinary.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** Folders scanned, relative to the repository. */
export const SCANNED_DIRS = ['electron', 'renderer'];
/** Left out of the scan (besides any node_modules). */
export const LEFT_OUT_DIRS = ['electron/tooling'];

/**
 * Checks not run, each with the reason. Global checks cannot be turned off by an inline comment
 * (Electronegativity's README says so), so these are the only exclusions, and they live here.
 */
export const EXCLUDED_CHECKS = {
  AvailableSecurityFixesGlobalCheck:
    "downloads Electron's release list from GitHub on every run, and crashes the tool when it cannot; " +
    'the Electron version is kept current by hand (docs/security/renderer-and-ipc.md, item 16)',
  CSPGlobalCheck:
    'recognises a CSP only as a literal in a <meta> tag or a webRequest responseHeaders object; ' +
    'ours is a response header built by electron/shared/csp.ts, so this script evaluates that policy itself, ' +
    'with the same evaluator (cspFindings)',
};

/** Severities that fail the run unless justified. */
export const FAILING_SEVERITIES = new Set(['HIGH', 'MEDIUM']);
const KNOWN_SEVERITIES = new Set(['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL']);
const MIN_REASON_WORDS = 3;
const SCAN_TIMEOUT_MS = 120_000;
const SCANNED_EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.html', '.htm']);

/**
 * Reads the child's report; throws with a plain message when it is not one.
 * @param {string} text
 */
export function parseReport(text) {
  let report;
  try {
    report = JSON.parse(text);
  } catch {
    throw new Error('The Electronegativity report is not JSON.');
  }
  if (typeof report !== 'object' || report === null || !Array.isArray(report.issues) || !Array.isArray(report.errors)) {
    throw new Error('The Electronegativity report has no issues or errors list.');
  }
  const issues = report.issues.map((issue, index) => {
    if (typeof issue !== 'object' || issue === null || typeof issue.id !== 'string' || typeof issue.severity !== 'string') {
      throw new Error(`Finding ${index + 1} in the Electronegativity report has no check id or severity.`);
    }
    return {
      id: issue.id,
      severity: issue.severity.toUpperCase(),
      confidence: typeof issue.confidence === 'string' ? issue.confidence : '',
      file: typeof issue.file === 'string' ? issue.file : 'N/A',
      line: Number.isInteger(issue.line) ? issue.line : 0,
      column: Number.isInteger(issue.column) ? issue.column : 0,
      sample: typeof issue.sample === 'string' ? issue.sample : '',
      description: typeof issue.description === 'string' ? issue.description : '',
    };
  });
  const errors = report.errors.map((error) => ({
    file: typeof error?.file === 'string' ? error.file : 'N/A',
    message: typeof error?.message === 'string' ? error.message : String(error),
    tolerable: error?.tolerable === true,
  }));
  return {
    tool: typeof report.tool === 'string' ? report.tool : '?',
    electronVersion: typeof report.electronVersion === 'string' ? report.electronVersion : '?',
    checks: Number.isInteger(report.checks) ? report.checks : 0,
    issues,
    errors,
  };
}

/**
 * Every `eng-disable` comment in the given sources, with its reason. The convention:
 * `code(); // eng-disable CHECK_ID -- why this is safe`, where `--` opens the reason and the
 * reason may go on in the comment lines right below. (Electronegativity reads the check names
 * up to the first character that is not a letter, digit, `_` or blank, so `--` ends them.)
 * @param {{ path: string, text: string }[]} sources
 */
export function findDisableDirectives(sources) {
  const directives = [];
  for (const source of sources) {
    const lines = source.text.split('\n');
    const isHtml = /\.html?$/i.test(source.path);
    lines.forEach((line, index) => {
      if (!line.includes('eng-disable')) return;
      if (isHtml) {
        const match = /<!--[ \t]*eng-disable[ \t]+([\w \t]+)-->/i.exec(line);
        if (match) directives.push({ file: source.path, line: index + 1, checks: words(match[1]), reason: '', html: true });
        return;
      }
      const match = /(?:\/\*|\/\/)[ \t]*eng-disable[ \t]+([\w \t]+)(.*)$/i.exec(line);
      if (!match) return;
      const rest = match[2].replace(/\*\/\s*$/, '').trim();
      let reason = '';
      if (rest.startsWith('--')) {
        const parts = [rest.slice(2).trim()];
        for (let next = index + 1; next < lines.length && /^\s*\/\/(?!\s*eng-disable)/.test(lines[next]); next += 1) {
          parts.push(lines[next].replace(/^\s*\/\/\s?/, '').trim());
        }
        reason = parts.filter(Boolean).join(' ');
      }
      directives.push({ file: source.path, line: index + 1, checks: words(match[1]), reason, html: false });
    });
  }
  return directives;
}

function sentence(text) {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function words(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * The app's CSP judged by Google's CSP evaluator (the one Electronegativity's CSP_GLOBAL_CHECK
 * uses), as CSP_GLOBAL_CHECK findings. Stricter than that check, which rates even a weak policy
 * LOW: anything the evaluator rates HIGH, MEDIUM, HIGH_MAYBE or a syntax error is MEDIUM here,
 * and so is 'unsafe-eval' (only a "maybe" to the evaluator; our policy forbids it outright).
 * @param {string} policy
 * @param {any} evaluator the @doyensec/csp-evaluator module
 * @param {string} file where the policy is defined, for the table
 */
export function cspFindings(policy, evaluator, file = 'electron/shared/csp.ts') {
  const finding = (severity, description, sample) => ({
    id: 'CSP_GLOBAL_CHECK',
    severity,
    confidence: 'CERTAIN',
    file,
    line: 0,
    column: 0,
    sample,
    description,
  });
  let results;
  try {
    results = new evaluator.CspEvaluator(new evaluator.CspParser(policy).csp, evaluator.Version.CSP3).evaluate();
  } catch (error) {
    return [finding('MEDIUM', `The policy could not be evaluated: ${error instanceof Error ? error.message : String(error)}`, policy)];
  }
  const levels = evaluator.severities;
  const serious = new Set([levels.HIGH, levels.SYNTAX, levels.MEDIUM, levels.HIGH_MAYBE]);
  return results.map((result) =>
    finding(
      serious.has(result.severity) || result.value === "'unsafe-eval'" ? 'MEDIUM' : 'LOW',
      result.description,
      `${result.directive}${result.value ? ` ${result.value}` : ''}`,
    ),
  );
}

/**
 * The verdict. Electronegativity drops the findings an `eng-disable` comment covers before it
 * reports, so every HIGH or MEDIUM finding left is unjustified; the comments themselves are
 * checked here for a reason. LOW and INFORMATIONAL findings are listed and pass.
 * @param {ReturnType<typeof parseReport>['issues']} findings
 * @param {{ directives?: ReturnType<typeof findDisableDirectives>, errors?: ReturnType<typeof parseReport>['errors'] }} [context]
 */
export function judgeFindings(findings, { directives = [], errors = [] } = {}) {
  const rows = [];
  const problems = [];
  for (const finding of findings) {
    const where = finding.line > 0 ? `${finding.file}:${finding.line}` : finding.file;
    const known = KNOWN_SEVERITIES.has(finding.severity);
    const fails = !known || FAILING_SEVERITIES.has(finding.severity);
    rows.push({ verdict: fails ? 'FAIL' : 'note', severity: finding.severity, check: finding.id, where, detail: finding.description });
    if (!known) problems.push(`${finding.id} at ${where} has a severity this script does not know: ${finding.severity}.`);
    else if (fails)
      problems.push(
        `${finding.id} (${finding.severity}) at ${where}: ${sentence(finding.description)} Fix it, ` +
          `or justify it on that line with // eng-disable ${finding.id} -- reason.`,
      );
  }
  for (const directive of directives) {
    const where = `${directive.file}:${directive.line}`;
    const check = directive.checks.join(' ');
    let problem = null;
    if (directive.html) problem = `the eng-disable comment at ${where} is in HTML, where it cannot carry a reason; fix the markup instead.`;
    else if (directive.line === 1)
      problem = `the eng-disable comment at ${where} is on a file's first line, which turns ${check} off for the whole file; put it on the line it is about.`;
    else if (words(directive.reason).length < MIN_REASON_WORDS)
      problem = `the eng-disable comment at ${where} gives no reason; write // eng-disable ${check} -- why it is safe.`;
    rows.push({ verdict: problem ? 'FAIL' : 'justified', severity: '', check, where, detail: directive.reason || '(no reason)' });
    if (problem) problems.push(problem);
  }
  for (const error of errors) {
    rows.push({ verdict: error.tolerable ? 'note' : 'FAIL', severity: '', check: 'parse error', where: error.file, detail: error.message });
    if (!error.tolerable) problems.push(`${error.file} could not be parsed, so no check ran on it: ${error.message}`);
  }
  return { ok: problems.length === 0, rows, problems };
}

/**
 * A compact text table.
 * @param {{ verdict: string, severity: string, check: string, where: string, detail: string }[]} rows
 */
export function formatTable(rows, maxDetail = 90) {
  const header = { verdict: 'verdict', severity: 'severity', check: 'check', where: 'where', detail: 'detail' };
  const clip = (text) => (text.length > maxDetail ? `${text.slice(0, maxDetail - 1)}…` : text);
  const all = [header, ...rows.map((row) => ({ ...row, detail: clip(row.detail.replace(/\s+/g, ' ')) }))];
  const columns = ['verdict', 'severity', 'check', 'where'];
  const widths = Object.fromEntries(columns.map((column) => [column, Math.max(...all.map((row) => row[column].length))]));
  return all.map((row) => [...columns.map((column) => row[column].padEnd(widths[column])), row.detail].join('  ').trimEnd()).join('\n');
}

/** The @doyensec/csp-evaluator that Electronegativity itself uses, resolved from it. */
export function loadCspEvaluator() {
  const fromElectronegativity = createRequire(require.resolve('@doyensec/electronegativity/package.json'));
  return fromElectronegativity('@doyensec/csp-evaluator');
}

function electronVersion() {
  const dir = electronPackageDir();
  if (!dir) throw new Error('The electron package is not installed, so its version is unknown.');
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Copies the scanned folders into `target`, as one app. */
function snapshot(target) {
  const leftOut = new Set(LEFT_OUT_DIRS.map((dir) => path.join(root, dir)));
  for (const dir of SCANNED_DIRS) {
    cpSync(path.join(root, dir), path.join(target, dir), {
      recursive: true,
      filter: (source) => !leftOut.has(source) && !source.split(path.sep).includes('node_modules'),
    });
  }
}

function sourceFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, base);
    if (!SCANNED_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) return [];
    return [{ path: path.relative(base, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

/** The app's policy, as main.ts sends it: built from csp.ts with esbuild, like the app. */
async function electronPolicy() {
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [path.join(root, 'electron/shared/csp.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
  return module.contentSecurityPolicy('electron');
}

/** Child process: runs Electronegativity on `input` and writes the JSON report. */
async function scan(input, reportPath, version) {
  const loaded = require('@doyensec/electronegativity');
  const run = typeof loaded === 'function' ? loaded : loaded.default;
  const result = await run({
    input,
    isRelative: true,
    electronVersionOverride: version,
    customScan: [],
    excludeFromScan: Object.keys(EXCLUDED_CHECKS).map((name) => name.toLowerCase()),
  });
  const report = {
    tool: `Electronegativity ${require('@doyensec/electronegativity/package.json').version}`,
    electronVersion: version,
    checks: result.globalChecks + result.atomicChecks,
    issues: result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity?.name,
      confidence: issue.confidence?.name,
      file: issue.file,
      line: issue.location?.line,
      column: issue.location?.column,
      sample: issue.sample,
      description: issue.description,
    })),
    errors: result.errors.map((error) => ({
      file: path.isAbsolute(error.file) ? path.relative(input, error.file) : error.file,
      message: error.message,
      tolerable: error.tolerable,
    })),
  };
  // Written whole, then renamed: the parent sees a complete report or none.
  writeFileSync(`${reportPath}.part`, JSON.stringify(report));
  renameSync(`${reportPath}.part`, reportPath);
}

/** Runs the scan and judges it; returns the exit code. */
export async function main() {
  const started = performance.now();
  const work = mkdtempSync(path.join(tmpdir(), 'agent-explorer-electronegativity-'));
  try {
    const version = electronVersion();
    const input = path.join(work, 'app');
    const reportPath = path.join(work, 'report.json');
    snapshot(input);
    const child = spawnSync(process.execPath, [thisFile, '--scan', input, reportPath, version], {
      encoding: 'utf8',
      timeout: SCAN_TIMEOUT_MS,
      env: { ...process.env, LANG: 'en-US' },
    });
    if (!existsSync(reportPath)) {
      process.stdout.write(`${child.stdout ?? ''}${child.stderr ?? ''}`);
      const why = child.error ? child.error.message : `it exited with ${child.status ?? child.signal}`;
      process.stderr.write(`electronegativity: no report was written (${why}), so nothing was checked.\n`);
      return 1;
    }
    const report = parseReport(readFileSync(reportPath, 'utf8'));
    const csp = cspFindings(await electronPolicy(), loadCspEvaluator());
    const directives = findDisableDirectives(sourceFiles(input));
    const { ok, rows, problems } = judgeFindings([...report.issues, ...csp], { directives, errors: report.errors });
    for (const [check, reason] of Object.entries(EXCLUDED_CHECKS))
      rows.push({ verdict: 'excluded', severity: '', check, where: '', detail: reason });

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${report.tool}, ${report.checks} checks, Electron ${report.electronVersion}, ` +
        `on ${SCANNED_DIRS.join('/ and ')}/ (without ${LEFT_OUT_DIRS.join(', ')}/), in ${seconds} s\n\n`,
    );
    process.stdout.write(`${formatTable(rows)}\n\n`);
    if (ok) {
      process.stdout.write('electronegativity: no unjustified HIGH or MEDIUM finding.\n');
      return 0;
    }
    process.stdout.write(`electronegativity: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
    return 1;
  } catch (error) {
    process.stderr.write(`electronegativity: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--scan') {
    const [input, reportPath, version] = process.argv.slice(3);
    await scan(input, reportPath, version);
    // At once: the tool leaves download retry timers behind, and one of them throws later.
    process.exit(0);
  } else {
    process.exitCode = await main();
  }
}
