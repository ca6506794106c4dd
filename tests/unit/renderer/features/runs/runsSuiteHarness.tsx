/** What the Runs section's tests share: opening the section, and its parts by role and name. */
import { screen, within } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

export const AGENT = '11111111-1111-4111-8111-111111111111';
export const OTHER_AGENT = '22222222-2222-4222-8222-222222222222';

/** Renders the app and brings the Runs section to front. */
export async function openRuns(fake: FakeApi = new FakeApi()) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'Runs' }));
  // The section comes in a chunk of its own.
  const runs = await screen.findByRole('region', { name: 'Runs' });
  return { ...rendered, runs };
}

export const runsRegion = () => screen.getByRole('region', { name: 'Runs' });

/** A case's group in the editor, by its number ("Case 2", "Case 2: name"). */
export const caseGroup = (number: number) => within(runsRegion()).getByRole('group', { name: new RegExp(`^Case ${number}(:|$)`) });

/** The fake as the desktop app: getAppInfo says electron, and it is the page's Shell (its dialogs). */
export function desktopFake(): FakeApi {
  return Object.assign(new FakeApi(), { desktop: true });
}

/** The suite of the last startRun. */
export function startedSuite(fake: FakeApi) {
  const calls = fake.callsOf('startRun') as Array<{ suite: unknown }>;
  return calls.at(-1)?.suite as { name?: string; cases: Array<Record<string, unknown>>; [key: string]: unknown } | undefined;
}
