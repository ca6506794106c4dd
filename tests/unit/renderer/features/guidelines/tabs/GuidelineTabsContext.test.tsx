import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuidelineRequest, GuidelineResult } from '../../../../../../electron/shared/api';
import { exchange, FakeApi } from '../../../../../support/fakeApi';
import { deferred, renderReady } from '../../../renderApp';

/** Several at once: guideline tabs (the request tabs' keyboard model, kept across restarts) and a guideline beside the workbench. */

const GUIDELINES: Record<string, { name: string; content: string }> = {
  'g-refunds': { name: 'Refund policy', content: '## Scope\n\nRefunds up to 30 days.\n\n## Steps\n\nAsk for the receipt.' },
  'g-tone': { name: 'Tone of voice', content: '## Scope\n\nAlways polite and brief.' },
  'g-escalate': { name: 'Escalation', content: 'Escalate after two replies.' },
};

function answer({ guidelineId }: GuidelineRequest): GuidelineResult {
  const guideline = GUIDELINES[guidelineId] ?? { name: guidelineId, content: 'Unknown.' };
  return {
    ok: true,
    value: { guideline: { ...guideline, description: '' }, exchange: exchange({ method: 'GET', status: 200, roundTripMs: 12 }) },
  };
}

function fakeWithGuidelines() {
  const fake = new FakeApi();
  fake.guidelineResponder = answer;
  return fake;
}

async function openGuidelines(fake: FakeApi) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'Guidelines' }));
  return rendered;
}

async function openById(user: Awaited<ReturnType<typeof renderReady>>['user'], id: string) {
  const field = screen.getByRole('combobox', { name: 'Guideline' });
  await user.clear(field);
  await user.type(field, `${id}{Enter}`);
}

const region = () => screen.getByRole('region', { name: 'Guideline' });
const strip = () => screen.getByRole('tablist', { name: 'Open guidelines' });

describe('guideline tabs', () => {
  it('opens each guideline in a tab, moves with the arrow keys, Home and End, and closes with Delete', async () => {
    const fake = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    expect(await within(region()).findByText('Refunds up to 30 days.')).toBeInTheDocument();
    await openById(user, 'g-tone');
    expect(await within(region()).findByText('Always polite and brief.')).toBeInTheDocument();
    await openById(user, 'g-escalate');
    expect(await within(region()).findByText('Escalate after two replies.')).toBeInTheDocument();

    const tabs = within(strip()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.replace('×', ''))).toEqual(['Refund policy', 'Tone of voice', 'Escalation']);
    expect(within(strip()).getByRole('tab', { selected: true })).toHaveTextContent('Escalation');

    within(strip())
      .getByRole('tab', { name: /Escalation/ })
      .focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(strip()).getByRole('tab', { name: /Tone of voice/ })).toHaveFocus();
    expect(within(strip()).getByRole('tab', { name: /Tone of voice/ })).toHaveAttribute('aria-selected', 'true');
    expect(await within(region()).findByText('Always polite and brief.')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(within(strip()).getByRole('tab', { name: /Refund policy/ })).toHaveFocus();
    expect(await within(region()).findByText('Refunds up to 30 days.')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(strip()).getByRole('tab', { name: /Escalation/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(strip()).getByRole('tab', { name: /Refund policy/ })).toHaveFocus();

    // Delete closes the focused tab; focus goes to the one taking its place.
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(strip()).getByRole('tab', { name: /Tone of voice/ })).toHaveFocus());
    expect(within(strip()).getAllByRole('tab')).toHaveLength(2);
    expect(await within(region()).findByText('Always polite and brief.')).toBeInTheDocument();

    // Alt+Shift+T brings the closed one back in its place; Alt+N goes to the Guideline field.
    await user.keyboard('{Alt>}{Shift>}T{/Shift}{/Alt}');
    expect(
      within(strip())
        .getAllByRole('tab')
        .map((tab) => tab.textContent?.replace('×', '')),
    ).toEqual(['Refund policy', 'Tone of voice', 'Escalation']);
    expect(within(strip()).getByRole('tab', { selected: true })).toHaveTextContent('Refund policy');
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.getByRole('combobox', { name: 'Guideline' })).toHaveFocus();
  });

  it("two quick opens end with the later guideline in front, even when the first one's mark-as-read comes back last", async () => {
    const fake = fakeWithGuidelines();
    const firstMark = deferred<void>();
    const mark = fake.markGuidelineRead;
    let marks = 0;
    fake.markGuidelineRead = async (request) => {
      marks += 1;
      if (marks === 1) await firstMark.promise;
      return mark(request);
    };
    const { user } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    await openById(user, 'g-tone');
    await act(async () => firstMark.resolve());
    expect(await within(region()).findByText('Always polite and brief.')).toBeInTheDocument();
    // Named by its id until the library has filed the fetch, then by the server's name.
    expect(within(strip()).getByRole('tab', { name: /g-tone|Tone of voice/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(strip()).getAllByRole('tab')).toHaveLength(2);
  });

  it('focuses the tab already showing a guideline (and fetches it again) rather than opening a second one', async () => {
    const fake = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    await openById(user, 'g-tone');
    await within(region()).findByText('Always polite and brief.');
    // Opened again from the library.
    await user.click(
      within(screen.getByRole('list', { name: 'Guidelines in the library' })).getByRole('button', { name: 'Read Refund policy' }),
    );
    await waitFor(() => expect(within(strip()).getByRole('tab', { selected: true })).toHaveTextContent('Refund policy'));
    expect(within(strip()).getAllByRole('tab')).toHaveLength(2);
    await waitFor(() =>
      expect(fake.callsOf('getGuideline').filter((call) => (call as GuidelineRequest).guidelineId === 'g-refunds')).toHaveLength(2),
    );
  });

  it('keeps the tabs in the host and, after a restart, shows each kept copy at once while it asks the server again', async () => {
    const fake = fakeWithGuidelines();
    const { user, unmount } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    await openById(user, 'g-tone');
    await within(region()).findByText('Always polite and brief.');
    await waitFor(() =>
      expect(fake.guidelineTabs.tabs).toEqual([
        { profileId: 'sandbox', guidelineId: 'g-refunds' },
        { profileId: 'sandbox', guidelineId: 'g-tone' },
      ]),
    );
    await waitFor(() => expect(fake.guidelineTabs.active).toEqual({ profileId: 'sandbox', guidelineId: 'g-tone' }));
    unmount();

    // A restart: the same host, a new page; the server does not answer yet.
    const pending = deferred<GuidelineResult>();
    fake.guidelineResponder = () => pending.promise;
    const restarted = await openGuidelines(fake);
    expect(await within(strip()).findByRole('tab', { name: /Tone of voice/, selected: true })).toBeInTheDocument();
    expect(within(strip()).getAllByRole('tab')).toHaveLength(2);
    const kept = await within(region()).findByRole('article', { name: 'Kept copy' });
    expect(within(kept).getByText(/Kept copy, fetched/)).toBeInTheDocument();
    expect(await within(kept).findByText('Always polite and brief.')).toBeInTheDocument();
    await act(async () => pending.resolve(answer({ guidelineId: 'g-tone' })));
    await waitFor(() => expect(within(region()).queryByRole('article', { name: 'Kept copy' })).toBeNull());
    expect(within(region()).getByText('Always polite and brief.')).toBeInTheDocument();
    restarted.unmount();
  });

  it('keeps the reads of tabs restored at start out of History, until the person opens one', async () => {
    const fake = fakeWithGuidelines();
    const { user, unmount } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    await openById(user, 'g-tone');
    await within(region()).findByText('Always polite and brief.');
    await waitFor(() => expect(fake.guidelineTabs.tabs).toHaveLength(2));
    const recorded = async () => {
      const page = await fake.listHistory({ kind: 'guideline' });
      return page.ok ? page.value.entries.map((entry) => entry.targetId) : [];
    };
    expect(await recorded()).toEqual(['g-tone', 'g-refunds']);
    unmount();

    // A restart reads the tab in front from the server on its own: kept in the library, not in History.
    const restarted = await openGuidelines(fake);
    await waitFor(() =>
      expect(fake.callsOf('getGuideline')).toContainEqual({ guidelineId: 'g-tone', profileId: 'sandbox', record: false }),
    );
    await within(region()).findByText('Always polite and brief.');
    expect(await recorded()).toEqual(['g-tone', 'g-refunds']);
    // Opening it is the person's request: that read is recorded.
    await openById(restarted.user, 'g-tone');
    await waitFor(async () => expect(await recorded()).toEqual(['g-tone', 'g-tone', 'g-refunds']));
    restarted.unmount();
  });

  it('shows a guideline beside the workbench, picked there or sent from its tab, collapsible, resizable, and kept', async () => {
    const fake = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, 'g-refunds');
    await openById(user, 'g-tone');
    await within(region()).findByText('Always polite and brief.');
    await user.click(within(region()).getByRole('button', { name: 'Show beside the workbench' }));

    // The Agents section comes to front with the guideline beside the request.
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    const beside = screen.getByRole('region', { name: 'Guideline beside the workbench' });
    expect(await within(beside).findByText('Always polite and brief.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toBeVisible();

    // Picked from the workbench side: any open guideline tab.
    const pick = screen.getByRole('combobox', { name: 'Guideline to show' });
    await user.selectOptions(pick, screen.getByRole('option', { name: 'Refund policy' }));
    expect(
      await within(screen.getByRole('region', { name: 'Guideline beside the workbench' })).findByText('Refunds up to 30 days.'),
    ).toBeInTheDocument();

    // Two readers on one page: every heading id is unique.
    await user.click(screen.getByRole('tab', { name: 'Guidelines' }));
    const ids = [...document.querySelectorAll('[id^="gl-"]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    await user.click(screen.getByRole('tab', { name: 'Agents' }));

    // Resizable from the keyboard; collapsible, and the toggle says so.
    const separator = screen.getByRole('separator', { name: 'Width of the guideline beside the workbench' });
    expect(separator).toHaveAttribute('aria-valuenow', '420');
    separator.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(separator).toHaveAttribute('aria-valuenow', '500');
    const hide = screen.getByRole('button', { name: 'Hide guideline' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    expect(screen.queryByRole('region', { name: 'Guideline beside the workbench' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show beside the workbench' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(fake.guidelineTabs.beside).toEqual({ guideline: { profileId: 'sandbox', guidelineId: 'g-refunds' }, open: false, width: 500 }),
    );
    await user.click(screen.getByRole('button', { name: 'Show beside the workbench' }));
    expect(
      await within(screen.getByRole('region', { name: 'Guideline beside the workbench' })).findByText('Refunds up to 30 days.'),
    ).toBeInTheDocument();
  });

  it('keeps the tabs another page opened when this page closes its own', async () => {
    const fake = fakeWithGuidelines();
    // Another page (browser tab) on the same host opened one before this page started.
    fake.guidelineTabs = { ...fake.guidelineTabs, tabs: [{ profileId: 'sandbox', guidelineId: 'g-escalate' }], active: null };
    const { user } = await openGuidelines(fake);
    await within(strip()).findByRole('tab', { name: /Escalation/ });
    // Then the other page opens one more: this page learns of it in the answer to its next save,
    // but does not show it (that page shows it), and must never send it as closed.
    fake.guidelineTabs = { ...fake.guidelineTabs, tabs: [...fake.guidelineTabs.tabs, { profileId: 'sandbox', guidelineId: 'g-tone' }] };
    await openById(user, 'g-refunds');
    await waitFor(() => expect(fake.guidelineTabs.tabs).toHaveLength(3));
    expect(within(strip()).getAllByRole('tab')).toHaveLength(2);
    fireEvent.click(
      within(strip())
        .getByRole('tab', { name: /Refund policy/ })
        .querySelector('[data-close-tab]')!,
    );
    await waitFor(() =>
      expect(fake.guidelineTabs.tabs).toEqual([
        { profileId: 'sandbox', guidelineId: 'g-escalate' },
        { profileId: 'sandbox', guidelineId: 'g-tone' },
      ]),
    );
  });
});
