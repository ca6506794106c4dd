import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from './testServer';

/** A guideline as the platform returns it. */
export interface ServedGuideline {
  name: string;
  description: string;
  content: string;
}

/**
 * A platform that knows only `GET /api/guideline/{id}/` for the given guidelines (404 for any
 * other), to serve content the Sandbox does not have (hostile, very large).
 */
export function startGuidelineServer(guidelines: Record<string, ServedGuideline>): Promise<TestServer> {
  return startTestServer((request, response) => {
    const id = /^\/api\/guideline\/([^/]+)\/$/.exec(request.url ?? '')?.[1];
    const guideline = id === undefined ? undefined : guidelines[decodeURIComponent(id)];
    if (!guideline) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'Not found.' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(guideline));
  });
}

/** Opens guideline `id` in the Guidelines section and returns its region once its name shows. */
export async function openGuideline(page: Page, id: string, name: string) {
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(id);
  await page.getByRole('button', { name: 'Open guideline' }).click();
  const view = page.getByRole('region', { name: 'Guideline', exact: true });
  await view.getByRole('heading', { name, level: 2 }).waitFor();
  return view;
}
