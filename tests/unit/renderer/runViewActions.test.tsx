import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../../support/fakeApi';
import { renderRunView, resultRows, rows, runRegion, runRow, seedRunning, useRunLayout } from './features/runs/view/runViewHarness';

/** What is done from a run's view: open a result, export the run, delete it. */
describe('RunView actions', () => {
  useRunLayout();
  afterEach(() => vi.restoreAllMocks());

  it('opens a result (click or Enter) in the Response view with its expectations, the failed ones said', async () => {
    const fake = new FakeApi();
    fake.runs.seed(
      { runId: 'run-3' },
      [
        runRow({ index: 0, caseName: 'greets', answerStart: 'Hello Ada.' }),
        runRow({
          index: 1,
          caseName: 'reflects customer',
          passed: false,
          failed: ['answerContains: expected contains "Dana"'],
          answerStart: 'Hello Ada, your order',
        }),
      ],
      { 1: 'Hello Ada, your order A-17 is on its way.' },
    );
    const { user } = renderRunView('run-3', fake);
    await waitFor(() => expect(resultRows()).toHaveLength(2));
    // The table is one tab stop after the filter; arrows move within it.
    screen.getByRole('button', { name: 'Failures only' }).focus();
    await user.tab();
    expect(resultRows()[0]).toHaveFocus();
    await user.tab();
    expect(resultRows()[1]).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(resultRows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(resultRows()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    const opened = await screen.findByRole('region', { name: 'Opened result' });
    expect(fake.callsOf('getRunResult')).toEqual([{ runId: 'run-3', index: 1 }]);
    const expectations = await within(opened).findByRole('list', { name: 'Expectations' });
    const item = within(expectations).getByRole('listitem');
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent('answerContains');
    expect(item).toHaveTextContent('Expected' + 'answerContains: expected contains "Dana"');
    // The exchange in the same Response view as a live answer, with the whole answer.
    const response = within(opened).getByRole('region', { name: /^Response/ });
    expect(await within(response).findByText(/your order A-17 is on its way/)).toBeInTheDocument();
    expect(resultRows()[1]).toHaveAttribute('aria-selected', 'true');

    await user.click(within(resultRows()[0]!).getByText('greets'));
    expect(await within(screen.getByRole('region', { name: 'Opened result' })).findByText('Every expectation passed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close result' }));
    expect(screen.queryByRole('region', { name: 'Opened result' })).toBeNull();
  });

  it.each([
    ['JUnit XML', 'junit', 'orders-run.xml', 'application/xml'],
    ['CSV', 'csv', 'orders-run.csv', 'text/csv'],
    ['JSON', 'json', 'orders-run.json', 'application/json'],
    ['HTML report', 'html', 'orders-run.html', 'text/html'],
  ])('exports the run as %s and saves the file the host made', async (label, format, fileName, mediaType) => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:run'), revokeObjectURL: () => undefined });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-3' }, rows(0, 3));
    const { user } = renderRunView('run-3', fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    await user.click(within(exportGroup).getByRole('button', { name: label }));
    expect(await within(runRegion()).findByRole('status')).toHaveTextContent(`Saved ${fileName}.`);
    expect(fake.callsOf('exportRun')).toEqual([{ runId: 'run-3', format }]);
    expect(downloads).toEqual([fileName]);
    expect(blobs[0]!.type).toBe(`${mediaType};charset=utf-8`);
    expect(await blobs[0]!.text()).toBe(`${format} of run-3`);
  });

  it('waits for the run to end before export and delete', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 5);
    renderRunView('run-7', fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    for (const button of within(exportGroup).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('deletes an ended run after a confirmation, and not when the confirmation is cancelled', async () => {
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-3' }, rows(0, 3));
    const { user } = renderRunView('run-3', fake);
    await user.click(await screen.findByRole('button', { name: 'Delete run' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete this run of orders and its 3 results? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('deleteRun')).toEqual([]);
    expect(within(runRegion()).getByRole('button', { name: 'Delete run' })).toHaveFocus();
    await user.click(within(runRegion()).getByRole('button', { name: 'Delete run' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm delete' })).getByRole('button', { name: 'Delete run' }));
    expect(await screen.findByText('The run was deleted.')).toBeInTheDocument();
    expect(fake.callsOf('deleteRun')).toEqual([{ runId: 'run-3' }]);
    expect(fake.runs.runs.has('run-3')).toBe(false);
  });
});
