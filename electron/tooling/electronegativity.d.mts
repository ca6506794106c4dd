/** One Electronegativity finding, as the scan's JSON report gives it. */
export interface Finding {
  id: string;
  /** HIGH, MEDIUM, LOW or INFORMATIONAL. */
  severity: string;
  confidence: string;
  /** Relative to the scanned app (electron/..., renderer/...), or N/A for a global check. */
  file: string;
  /** 0 when the finding has no line. */
  line: number;
  column: number;
  sample: string;
  description: string;
}

/** A file Electronegativity could not parse; not tolerable means no check ran on it. */
export interface ScanError {
  file: string;
  message: string;
  tolerable: boolean;
}

export interface Report {
  tool: string;
  electronVersion: string;
  checks: number;
  issues: Finding[];
  errors: ScanError[];
}

/** One `eng-disable` comment, with the reason written after its `--`. */
export interface DisableDirective {
  file: string;
  line: number;
  checks: string[];
  reason: string;
  html: boolean;
}

export interface Row {
  verdict: 'FAIL' | 'note' | 'justified' | 'excluded';
  severity: string;
  check: string;
  where: string;
  detail: string;
}

export interface Judgement {
  ok: boolean;
  rows: Row[];
  /** One sentence per reason to fail. */
  problems: string[];
}

export const SCANNED_DIRS: string[];
export const LEFT_OUT_DIRS: string[];
/** Check class name to the reason it is not run. */
export const EXCLUDED_CHECKS: Record<string, string>;
export const FAILING_SEVERITIES: ReadonlySet<string>;

/** Reads the scan's JSON report; throws with a plain message when it is not one. */
export function parseReport(text: string): Report;
/** Every `eng-disable` comment in the sources, with its reason. */
export function findDisableDirectives(sources: { path: string; text: string }[]): DisableDirective[];
/** The policy judged by Google's CSP evaluator, as CSP_GLOBAL_CHECK findings (serious ones MEDIUM). */
export function cspFindings(policy: string, evaluator: unknown, file?: string): Finding[];
/** Unjustified HIGH/MEDIUM findings, reason-less eng-disable comments and parse errors fail. */
export function judgeFindings(findings: Finding[], context?: { directives?: DisableDirective[]; errors?: ScanError[] }): Judgement;
export function formatTable(rows: Row[], maxDetail?: number): string;
/** The @doyensec/csp-evaluator module that Electronegativity uses. */
export function loadCspEvaluator(): unknown;
/** Runs the scan and judges it; resolves to the exit code. */
export function main(): Promise<number>;
