import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../electron/shared/csp';
import {
  cspFindings,
  findDisableDirectives,
  formatTable,
  judgeFindings,
  loadCspEvaluator,
  parseReport,
  type Finding,
} from '../../../electron/tooling/electronegativity.mjs';

/**
 * The judgement behind the `electronegativity` step of `npm test`: what fails the run and what
 * only gets listed. The scan itself runs in that step; these cases pin the rules.
 */

function finding(severity: string, id = 'SOME_JS_CHECK'): Finding {
  return {
    id,
    severity,
    confidence: 'FIRM',
    file: 'electron/desktop/main.ts',
    line: 12,
    column: 4,
    sample: 'x',
    description: 'Review this',
  };
}

function report(issues: unknown[], errors: unknown[] = []): string {
  return JSON.stringify({ tool: 'Electronegativity 1.10.3', electronVersion: '45.4.1', checks: 40, issues, errors });
}

describe('judgeFindings', () => {
  it('fails an unjustified MEDIUM finding, and says where and how to justify it', () => {
    const { ok, problems, rows } = judgeFindings([finding('MEDIUM', 'AUXCLICK_JS_CHECK')]);
    expect(ok).toBe(false);
    expect(rows[0]).toMatchObject({ verdict: 'FAIL', check: 'AUXCLICK_JS_CHECK', where: 'electron/desktop/main.ts:12' });
    expect(problems[0]).toContain('electron/desktop/main.ts:12');
    expect(problems[0]).toContain('// eng-disable AUXCLICK_JS_CHECK -- reason');
  });

  it('fails a HIGH finding', () => {
    expect(judgeFindings([finding('HIGH')]).ok).toBe(false);
  });

  it('passes LOW and INFORMATIONAL findings, listing them as notes', () => {
    const { ok, rows } = judgeFindings([finding('LOW'), finding('INFORMATIONAL')]);
    expect(ok).toBe(true);
    expect(rows.map((row) => row.verdict)).toEqual(['note', 'note']);
  });

  it('fails a severity it does not know, rather than guessing', () => {
    expect(judgeFindings([finding('CRITICAL')]).ok).toBe(false);
  });

  it('fails when a file could not be parsed, since no check ran on it', () => {
    const { ok, problems } = judgeFindings([], {
      errors: [{ file: 'renderer/app/App.tsx', message: 'Unexpected token', tolerable: false }],
    });
    expect(ok).toBe(false);
    expect(problems[0]).toContain('renderer/app/App.tsx');
    expect(judgeFindings([], { errors: [{ file: 'a.ts', message: 'minor', tolerable: true }] }).ok).toBe(true);
  });

  it('lists an eng-disable comment with a reason as justified', () => {
    const directives = findDisableDirectives([
      {
        path: 'electron/desktop/main.ts',
        text: "const a = 1;\npreload: p, // eng-disable PRELOAD_JS_CHECK -- only the contract's methods\n",
      },
    ]);
    const { ok, rows } = judgeFindings([], { directives });
    expect(ok).toBe(true);
    expect(rows[0]).toMatchObject({ verdict: 'justified', check: 'PRELOAD_JS_CHECK', where: 'electron/desktop/main.ts:2' });
  });

  it('fails an eng-disable comment without a reason, or with a token one', () => {
    for (const comment of [
      '// eng-disable PRELOAD_JS_CHECK',
      '// eng-disable PRELOAD_JS_CHECK because reviewed',
      '// eng-disable PRELOAD_JS_CHECK -- ok',
    ]) {
      const directives = findDisableDirectives([{ path: 'electron/desktop/main.ts', text: `x;\npreload: p, ${comment}\n` }]);
      const { ok, problems } = judgeFindings([], { directives });
      expect(ok, comment).toBe(false);
      expect(problems[0]).toContain('gives no reason');
    }
  });

  it('fails a file-wide eng-disable (first line) and one in HTML', () => {
    const directives = findDisableDirectives([
      { path: 'electron/a.ts', text: '// eng-disable PRELOAD_JS_CHECK -- the whole file is reviewed\ncode();\n' },
      { path: 'renderer/index.html', text: '<html>\n<webview allowpopups></webview> <!-- eng-disable ALLOWPOPUPS_HTML_CHECK -->\n' },
    ]);
    const { ok, problems } = judgeFindings([], { directives });
    expect(ok).toBe(false);
    expect(problems).toHaveLength(2);
  });
});

describe('findDisableDirectives', () => {
  it('reads the check names up to `--`, and a reason that goes on in the comment lines below', () => {
    const text = [
      'a();',
      'await shell.openExternal(target); // eng-disable OPEN_EXTERNAL_JS_CHECK DANGEROUS_FUNCTIONS_JS_CHECK -- https only,',
      '// and confirmed by the user.',
      'b(); // an unrelated comment',
      'c(); /* eng-disable AUXCLICK_JS_CHECK -- the window open handler denies every window */',
    ].join('\n');
    expect(findDisableDirectives([{ path: 'f.ts', text }])).toEqual([
      {
        file: 'f.ts',
        line: 2,
        checks: ['OPEN_EXTERNAL_JS_CHECK', 'DANGEROUS_FUNCTIONS_JS_CHECK'],
        reason: 'https only, and confirmed by the user.',
        html: false,
      },
      { file: 'f.ts', line: 5, checks: ['AUXCLICK_JS_CHECK'], reason: 'the window open handler denies every window', html: false },
    ]);
  });
});

describe('parseReport', () => {
  it('reads findings and parse errors', () => {
    const parsed = parseReport(
      report(
        [
          {
            id: 'PRELOAD_JS_CHECK',
            severity: 'MEDIUM',
            confidence: 'FIRM',
            file: 'electron/desktop/main.ts',
            line: 3,
            column: 6,
            sample: 's',
            description: 'd',
          },
        ],
        [{ file: 'renderer/x.tsx', message: 'bad', tolerable: false }],
      ),
    );
    expect(parsed.issues).toEqual([
      {
        id: 'PRELOAD_JS_CHECK',
        severity: 'MEDIUM',
        confidence: 'FIRM',
        file: 'electron/desktop/main.ts',
        line: 3,
        column: 6,
        sample: 's',
        description: 'd',
      },
    ]);
    expect(parsed.errors).toEqual([{ file: 'renderer/x.tsx', message: 'bad', tolerable: false }]);
  });

  it('refuses what is not a report, instead of reading it as "no findings"', () => {
    expect(() => parseReport('issue, severity\n')).toThrow(/not JSON/);
    expect(() => parseReport('{}')).toThrow(/no issues/);
    expect(() => parseReport(report([{ severity: 'HIGH' }]))).toThrow(/no check id/);
  });
});

describe('cspFindings', () => {
  const evaluator = loadCspEvaluator();

  it("passes the app's own policy (at most LOW notes)", () => {
    const findings = cspFindings(contentSecurityPolicy('electron'), evaluator);
    expect(judgeFindings(findings).ok).toBe(true);
  });

  it("fails a policy that allows 'unsafe-eval', or leaves out object-src", () => {
    const withEval = cspFindings("default-src 'none'; script-src 'self' 'unsafe-eval'; object-src 'none'; base-uri 'none'", evaluator);
    expect(withEval).toContainEqual(
      expect.objectContaining({ id: 'CSP_GLOBAL_CHECK', severity: 'MEDIUM', sample: "script-src 'unsafe-eval'" }),
    );
    expect(judgeFindings(withEval).ok).toBe(false);
    expect(judgeFindings(cspFindings("script-src 'self'; base-uri 'none'", evaluator)).ok).toBe(false);
  });
});

describe('formatTable', () => {
  it('prints one aligned line per row, clipping long details', () => {
    const table = formatTable([{ verdict: 'note', severity: 'LOW', check: 'X', where: 'a.ts:1', detail: 'y'.repeat(200) }], 20);
    const lines = table.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^verdict\s+severity\s+check\s+where\s+detail$/);
    expect(lines[1]).toContain(`${'y'.repeat(19)}…`);
  });
});
