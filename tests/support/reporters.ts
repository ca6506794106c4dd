import type { ReporterDescription } from '@playwright/test';

/** List output for people; a JSON report too when `npm test` asks for one (to total the counts). */
export function reporters(): ReporterDescription[] {
  return process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ? [['list'], ['json']] : [['list']];
}
