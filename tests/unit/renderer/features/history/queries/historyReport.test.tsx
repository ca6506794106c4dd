import { screen, waitFor, within } from '@testing-library/react';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { HistoryReportFile, Result } from '../../../../../../electron/shared/api';
import { FakeApi } from '../../../../../support/fakeApi';
import { entryButtons, entryCheckboxes, openHistory, seed, useHistoryLayout } from '../historyHarness';
import { deferred } from '../../../renderApp';

/**
 * Evidence for QA: Export report (the opened entry, or the selection) with a note,
 * saved as an HTML page or a JSON bundle with progress and where it went; Copy as Markdown.
 */

useHistoryLayout();

/** A fake desktop host: its save dialog answers `fake.saveResponder` (saved to Downloads unless told). */
function desktopFake(): FakeApi {
  return Object.assign(new FakeApi(), { desktop: true });
}

async function openNewest(fake: FakeApi) {
  const rendered = await openHistory(fake);
  await waitFor(() => expect(entryButtons(rendered.history).length).toBeGreaterThan(0));
  await rendered.user.click(entryButtons(rendered.history)[0]!);
  const panel = screen.getByRole('tabpanel', { name: 'History' });
  await within(panel).findByRole('button', { name: 'Export report' });
  return { ...rendered, panel };
}

async function openDialog(user: Awaited<ReturnType<typeof openNewest>>['user'], from: HTMLElement) {
  await user.click(within(from).getByRole('button', { name: 'Export report' }));
  return screen.getByRole('dialog', { name: 'Export report' });
}

describe('Export report', () => {
  it('saves the opened entry as an HTML report with the note, and says where', async () => {
    const fake = desktopFake();
    await seed(fake, 2, 'Refunds take <script>alert(1)</script> five days.');
    const { user, panel } = await openNewest(fake);
    const dialog = await openDialog(user, panel);
    expect(dialog).toHaveTextContent('History entry 2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Checked on build 3.2 <b>ok</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Save HTML report' }));
    const status = within(dialog).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(/^The HTML report was saved to \/home\/user\/Downloads\/agent-explorer-report-entry-2-.*\.html\.$/),
    );
    expect(fake.callsOf('buildHistoryReport')).toEqual([{ ids: [2], note: 'Checked on build 3.2 <b>ok</b>', format: 'html' }]);
    const [file] = fake.savedFiles;
    expect(file).toMatchObject({
      suggestedName: expect.stringMatching(/^agent-explorer-report-entry-2-.*\.html$/),
      mediaType: 'text/html',
    });
    expect(file!.content).toContain('Checked on build 3.2 &lt;b&gt;ok&lt;/b&gt;');
    expect(file!.content).toContain('Refunds take &lt;script&gt;alert(1)&lt;/script&gt; five days.');
    expect(file!.content).not.toContain('<script');
  });

  it('saves the JSON bundle with the same note, from the same dialog', async () => {
    const fake = desktopFake();
    await seed(fake, 1);
    const { user, panel } = await openNewest(fake);
    const dialog = await openDialog(user, panel);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'For ticket QA-12');
    await user.click(within(dialog).getByRole('button', { name: 'Save JSON bundle' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/^The JSON bundle was saved to .*\.json\.$/));
    const bundle = JSON.parse(fake.savedFiles[0]!.content) as { format: string; note: string; entries: Array<{ id: number }> };
    expect(fake.savedFiles[0]!.mediaType).toBe('application/json');
    expect(bundle).toMatchObject({ format: 'agent-explorer-report', note: 'For ticket QA-12', entries: [{ id: 1 }] });
  });

  it('shows progress while the report is made, then says a cancelled dialog saved nothing', async () => {
    const fake = desktopFake();
    await seed(fake, 1);
    const { user, panel } = await openNewest(fake);
    const built = deferred<Result<HistoryReportFile>>();
    const real = fake.reportResponder;
    fake.reportResponder = async (request) => {
      await built.promise;
      return real(request);
    };
    fake.saveResponder = () => ({ ok: true, value: { saved: false, path: null } });
    const dialog = await openDialog(user, panel);
    await user.click(within(dialog).getByRole('button', { name: 'Save HTML report' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Making the HTML report and saving it…');
    expect(within(dialog).getByRole('button', { name: 'Save HTML report' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save JSON bundle' })).toBeDisabled();
    built.resolve({ ok: true, value: { fileName: 'unused', mediaType: 'text/html', content: '' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('The HTML report was not saved: the save dialog was cancelled.'),
    );
    expect(within(dialog).getByRole('button', { name: 'Save HTML report' })).toBeEnabled();
  });

  it("says plainly when the report cannot be made, in the host's words", async () => {
    const fake = desktopFake();
    await seed(fake, 1);
    const { user, panel } = await openNewest(fake);
    fake.reportResponder = async () => ({
      ok: false,
      error: { code: 'invalid_argument', message: 'There is no history entry 1: it may have been deleted.' },
    });
    const dialog = await openDialog(user, panel);
    await user.click(within(dialog).getByRole('button', { name: 'Save HTML report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The HTML report could not be saved: There is no history entry 1: it may have been deleted.',
    );
    expect(fake.savedFiles).toEqual([]);
  });

  it('downloads in a browser and names the file it downloaded', async () => {
    const fake = new FakeApi();
    await seed(fake, 1);
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user, panel } = await openNewest(fake);
      const dialog = await openDialog(user, panel);
      await user.click(within(dialog).getByRole('button', { name: 'Save HTML report' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          /^The HTML report was downloaded as agent-explorer-report-entry-1-.*\.html: your browser keeps it with its downloads\.$/,
        ),
      );
      expect(clicks).toHaveBeenCalledTimes(1);
      expect(fake.callsOf('saveTextFile')).toEqual([]);
    } finally {
      clicks.mockRestore();
    }
  });

  it('exports the selected entries, in the order ticked, from the selection bar', async () => {
    const fake = desktopFake();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryCheckboxes(history)).toHaveLength(3));
    // Ticked in neither the list's order nor the ids' order: the report keeps the order ticked.
    const [newest, middle, oldest] = entryCheckboxes(history);
    await user.click(middle!);
    await user.click(newest!);
    await user.click(oldest!);
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    const dialog = await openDialog(user, bar);
    expect(dialog).toHaveTextContent('3 history entries, in the order selected');
    await user.click(within(dialog).getByRole('button', { name: 'Save HTML report' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/saved to .*agent-explorer-report-3-entries-.*\.html\.$/),
    );
    expect(fake.callsOf('buildHistoryReport')).toEqual([{ ids: [2, 3, 1], note: '', format: 'html' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Export report' })).toBeNull();
  });
});

describe('Copy as Markdown', () => {
  it('copies the opened entry for a ticket, its answer fenced so that a fence inside cannot break out', async () => {
    const fake = new FakeApi();
    const answer = 'Run this:\n```\n</details><img src=x onerror=alert(1)>\n```\n# Done';
    await seed(fake, 1, answer);
    const { user, panel } = await openNewest(fake);
    await user.click(within(panel).getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Copy as Markdown' })).toHaveTextContent('Copied'));
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('### Invoke of agent `11111111-1111-4111-8111-111111111111`: `200 OK`');
    expect(markdown).toContain('- **Profile:** `Sandbox` at `http://127.0.0.1:4010`');
    expect(markdown).toContain('- **Timing:** server `850ms` = 850 ms; round trip 871 ms');
    const blocks = fromMarkdown(markdown)
      .children.filter((node) => node.type === 'code')
      .map((node) => node.value);
    expect(blocks).toEqual(['What is the refund policy?', JSON.stringify({ order: 'A-17' }, null, 2), answer]);
  });
});
