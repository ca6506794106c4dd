/**
 * What the History section's tests share: seeded entries, opening the section, and the sizes
 * jsdom lacks so the virtualized list renders rows. Call `useHistoryLayout()` in a describe.
 */
import { screen, within } from '@testing-library/react';
import type { HistoryExchange } from '../../../../../electron/shared/api';
import { okInvoke, type FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

export const AGENT = '11111111-1111-4111-8111-111111111111';
export const SANDBOX = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' };

export function invokeExchange(answer: string, text = 'What is the refund policy?'): HistoryExchange {
  return { what: 'invoke', request: { agentId: AGENT, text, payload: { order: 'A-17' } }, result: okInvoke(answer) };
}

/** Seeds `count` invokes, one a minute, the last (newest) answering `newest`. */
export async function seed(fake: FakeApi, count: number, newest = 'Refunds take five days.', profile = SANDBOX) {
  const start = Date.parse('2026-11-20T08:00:00.000Z');
  await fake.history.recordMany(
    Array.from({ length: count }, (_, i) => ({
      exchange: invokeExchange(i === count - 1 ? newest : `Answer number ${i}.`),
      profile,
      recordedAt: new Date(start + i * 60_000).toISOString(),
    })),
  );
}

export async function openHistory(fake: FakeApi) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'History' }));
  const history = screen.getByRole('region', { name: 'History' });
  return { ...rendered, history };
}

export const entryButtons = (history: HTMLElement) =>
  within(within(history).getByRole('list', { name: 'History entries' })).queryAllByRole('button');

/**
 * jsdom has no layout: the list's scroller and rows measure 0, and a virtualizer shows nothing
 * in a 0-pixel window. Give them the sizes a browser would (a 600 px window, 52 px rows).
 */
const sizes: Array<[keyof HTMLElement, (element: HTMLElement) => number]> = [
  ['clientHeight', (element) => (element.classList.contains('history-scroller') ? 600 : 0)],
  ['clientWidth', (element) => (element.classList.contains('history-scroller') ? 500 : 0)],
  ['offsetHeight', (element) => (element.classList.contains('history-day') ? 32 : element.classList.contains('history-row') ? 52 : 0)],
];
const originals = sizes.map(([name]) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);

/** Gives the list the sizes a browser would for the tests of the calling file. */
export function useHistoryLayout() {
  beforeAll(() => {
    for (const [name, size] of sizes)
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get: function (this: HTMLElement) {
          return size(this);
        },
      });
  });
  afterAll(() => {
    for (const [name, descriptor] of originals) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
}

/** The entries' checkboxes (one per rendered entry). */
export const entryCheckboxes = (history: HTMLElement) =>
  within(within(history).getByRole('list', { name: 'History entries' })).queryAllByRole('checkbox');
