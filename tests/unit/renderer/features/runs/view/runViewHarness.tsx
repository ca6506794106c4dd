/**
 * One run's view on its own, inside the app's providers, against the fake host's real run
 * service: runs are started from suites (tests/support/runSuites.ts), the scripted platform
 * answers, and the service's pushed events reach the view as the host's would.
 * The Runs section that hosts it is built and tested separately.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { StartRunRequest } from '../../../../../../electron/shared/api';
import { RunView } from '../../../../../../renderer/features/runs/view/RunView';
import { HostProvider } from '../../../../../../renderer/host/HostContext';
import { createQueryClient } from '../../../../../../renderer/host/client';
import { FakeApi } from '../../../../../support/fakeApi';
import { answersByText, endedRun, numberedCases, startSuiteRun, suiteOf } from '../../../../../support/runSuites';
import '../../../dialogPolyfill';

export function renderRunView(runId: string, fake: FakeApi = new FakeApi()) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <HostProvider api={fake} events={fake.events} {...(fake.desktop ? { shell: fake } : {})}>
        <RunView runId={runId} />
      </HostProvider>
    </QueryClientProvider>,
  );
  return { user, fake, queryClient, ...view };
}

/**
 * Waits until the names the rows show have been read (the active profile's catalog and known
 * agents, which wait for the profiles): an answer that comes later renders the rows again, as it should.
 */
export async function agentNamesRead(queryClient: QueryClient) {
  await waitFor(() => {
    for (const method of ['listCatalog', 'listKnownAgents'])
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: [method] })
          .map((query) => query.state.status),
      ).toContain('success');
    expect(queryClient.isFetching()).toBe(0);
  });
}

/** A run of `total` numbered cases (every `failEvery`-th fails), going: the platform holds every answer until released. */
export async function startHeld(fake: FakeApi, total: number, failEvery = 0, settings: Partial<StartRunRequest> = {}): Promise<string> {
  fake.platform.hold();
  fake.invokeResponder = answersByText();
  return startSuiteRun(fake, suiteOf(numberedCases(total, failEvery)), { settings });
}

/** An ended run of `count` numbered cases (every `failEvery`-th failed). */
export async function endedNumbered(fake: FakeApi, count: number, failEvery = 0): Promise<string> {
  fake.invokeResponder = answersByText();
  return endedRun(fake, suiteOf(numberedCases(count, failEvery)));
}

/** Lets `count` held answers go and waits until the host has pushed results up to `completed`. */
export async function answer(fake: FakeApi, runId: string, count: number, completed: number): Promise<void> {
  const pushed = fake.eventStream.next(runId, (progress) => progress.completed >= completed);
  await fake.platform.release(count);
  await pushed;
}

export const runRegion = () => screen.getByRole('region', { name: 'Run' });
export const progressBar = () => screen.getByRole('progressbar', { name: 'Run progress' });
/** The results table's body rows (its header row left out). */
export const resultRows = (name = 'Results') => within(screen.getByRole('grid', { name })).getAllByRole('row').slice(1);

/**
 * jsdom has no layout: the scroller and rows measure 0, and a virtualizer shows nothing in a
 * 0-pixel window. Give the scroller the size a browser would (480 px tall: about 13 rows of 36 px)
 * and the height of all its rows.
 */
const sizes: Array<[keyof HTMLElement, (element: HTMLElement) => number]> = [
  ['clientHeight', (element) => (element.classList.contains('run-results-scroller') ? 480 : 0)],
  ['clientWidth', (element) => (element.classList.contains('run-results-scroller') ? 900 : 0)],
  // As tall as the rows it holds (the virtualizer sets that height on its one child).
  [
    'scrollHeight',
    (element) =>
      element.classList.contains('run-results-scroller')
        ? parseInt((element.firstElementChild as HTMLElement | null)?.style.height ?? '0', 10) || 0
        : 0,
  ],
];
const originals = sizes.map(([name]) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);

const originalScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');

/**
 * Gives the table the sizes a browser would for the tests of the calling file, and an
 * element's scrollTo (jsdom has none) that moves scrollTop and says so, as a browser does.
 */
export function useRunLayout() {
  beforeAll(() => {
    for (const [name, size] of sizes)
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get: function (this: HTMLElement) {
          return size(this);
        },
      });
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value: function (this: Element, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
        this.dispatchEvent(new Event('scroll'));
      },
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of originals) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    if (originalScrollTo) Object.defineProperty(Element.prototype, 'scrollTo', originalScrollTo);
    else delete (Element.prototype as Partial<Element>).scrollTo;
  });
}
