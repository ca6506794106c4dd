import { screen, waitFor, within } from '@testing-library/react';
import { runRow } from '../../../../../support/fakeRuns';
import { FakeApi } from '../../../../../support/fakeApi';
import { AGENT_A, AGENT_B, insights, renderInsights } from './runInsightsHarness';

const at = (hour: number) => `2026-11-23T0${hour}:00:00.000Z`;

/** Four finished runs of "orders" (05:00, 07:00, this one at 08:00, 09:00), one still running, and one of another suite. */
function seedRuns(fake: FakeApi) {
  fake.runs.seed({ runId: 'run-old', startedAt: at(5) }, [
    runRow({
      index: 0,
      caseName: 'greets',
      row: 1,
      agentId: AGENT_A,
      passed: false,
      status: 500,
      failed: ['status: expected 200, got 500'],
      roundTripMs: 10,
    }),
  ]);
  fake.runs.seed(
    { runId: 'run-base', startedAt: at(7) },
    [
      runRow({ index: 0, caseName: 'greets', row: 1, agentId: AGENT_A, roundTripMs: 10, serverMs: 100 }),
      runRow({
        index: 1,
        caseName: 'refunds',
        row: 1,
        agentId: AGENT_B,
        passed: false,
        status: 404,
        failed: ['status: expected 200, got 404'],
        roundTripMs: 20,
        serverMs: 200,
      }),
      runRow({ index: 2, caseName: 'gone', row: 2, agentId: AGENT_A, roundTripMs: 30 }),
    ],
    { 0: 'Hello Ada, your order ships today.', 1: 'Not found' },
  );
  fake.runs.seed(
    { runId: 'run-now', startedAt: at(8) },
    [
      runRow({
        index: 0,
        caseName: 'greets',
        row: 1,
        agentId: AGENT_A,
        passed: false,
        failed: ['answerContains: expected contains "Ada", got "Hello <i>Bo</i>"'],
        roundTripMs: 15,
        serverMs: 150,
      }),
      runRow({ index: 1, caseName: 'refunds', row: 1, agentId: AGENT_B, roundTripMs: 25, serverMs: 250 }),
      runRow({ index: 2, caseName: 'new case', row: 1, agentId: AGENT_A, roundTripMs: 35 }),
      runRow({ index: 3, caseName: 'new case', row: 2, agentId: AGENT_A, roundTripMs: 35 }),
    ],
    { 0: 'Hello <i>Bo</i>, your order ships tomorrow.', 1: 'Refunds take five days.' },
  );
  // Finished later than this run (a rerun of an older state, say): listed, but not the first choice.
  fake.runs.seed({ runId: 'run-later', startedAt: at(9) }, [runRow({ index: 0, caseName: 'greets', row: 1, agentId: AGENT_A })]);
  fake.runs.seed({ runId: 'run-going', startedAt: at(9), state: 'running', finishedAt: null }, []);
  fake.runs.seed({ runId: 'run-other', suiteName: 'billing', startedAt: at(6) }, [runRow({ index: 0 })]);
}

async function openCompare() {
  const fake = new FakeApi();
  seedRuns(fake);
  const rendered = renderInsights('run-now', fake);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Compare' }));
  const picker = await within(insights()).findByRole('combobox', { name: 'Baseline run (before)' });
  return { ...rendered, picker };
}

describe('Run insights: compare two runs', () => {
  it('offers the other finished runs of the same suite, the latest earlier one first chosen', async () => {
    const { fake, picker } = await openCompare();
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(['run-later', 'run-base', 'run-old']);
    expect(picker).toHaveValue('run-base');
    expect(fake.callsOf('listRuns')).toContainEqual({ suiteName: 'orders' });
    await waitFor(() => expect(fake.callsOf('compareRuns')).toEqual([{ before: 'run-base', after: 'run-now' }]));
  });

  it('lists newly failing and newly passing results with status and failed expectations', async () => {
    await openCompare();
    const failing = await within(insights()).findByRole('region', { name: 'Newly failing' });
    const failingRows = within(failing).getAllByRole('row').slice(1);
    expect(failingRows).toHaveLength(1);
    expect(
      within(failingRows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['greets', '1', 'Support reply drafter', '200 → 200', 'answerContains: expected contains "Ada", got "Hello <i>Bo</i>"']);
    const passing = within(insights()).getByRole('region', { name: 'Newly passing' });
    const passingCells = within(within(passing).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(passingCells.map((cell) => cell.textContent)).toEqual([
      'refunds',
      '1',
      '33333333…',
      '404 → 200',
      'status: expected 200, got 404',
    ]);
    expect(within(insights()).getByRole('region', { name: 'Only in one run' })).toHaveTextContent(
      '1 result only in the baseline; 2 results only in this run.',
    );
  });

  it('shows changed answers as a word diff, as text', async () => {
    await openCompare();
    const changed = await within(insights()).findByRole('region', { name: 'Answers changed' });
    expect(within(changed).getByRole('heading', { name: /Answers changed \(2\)/ })).toBeInTheDocument();
    const item = within(changed).getAllByRole('listitem')[0]!;
    const before = within(item).getByRole('group', { name: 'Answer before' });
    const after = within(item).getByRole('group', { name: 'Answer after' });
    expect(before).toHaveTextContent('Hello [− removed: Ada], your order ships [− removed: today].');
    expect([...before.querySelectorAll('del')].map((part) => part.textContent)).toEqual(['[− removed: Ada]', '[− removed: today]']);
    expect([...after.querySelectorAll('ins')].map((part) => part.textContent)).toEqual(['[+ added: <i>Bo</i>]', '[+ added: tomorrow]']);
    expect(after.querySelector('i')).toBeNull();
  });

  it('shows the latency shift in ms and per cent', async () => {
    await openCompare();
    const shift = await within(insights()).findByRole('region', { name: 'Latency shift' });
    const row = within(shift).getByRole('row', { name: /Round trip p50/ });
    // Round trips 10, 20, 30 ms before; 15, 25, 35, 35 after: p50 20 → 25 ms.
    expect(row).toHaveTextContent('20 ms → 25 ms');
    expect(row).toHaveTextContent('+5 ms (+25%)');
  });

  it('compares with another baseline when one is picked', async () => {
    const { user, fake, picker } = await openCompare();
    await within(insights()).findByRole('region', { name: 'Newly failing' });
    await user.selectOptions(picker, 'run-old');
    await waitFor(() => expect(fake.callsOf('compareRuns')).toContainEqual({ before: 'run-old', after: 'run-now' }));
    // greets failed in both; everything else is in one run only.
    await waitFor(() =>
      expect(within(insights()).getByRole('region', { name: 'Only in one run' })).toHaveTextContent(
        '0 results only in the baseline; 3 results only in this run.',
      ),
    );
    expect(within(insights()).getByRole('region', { name: 'Newly failing' })).toHaveTextContent('None.');
    expect(within(insights()).getByRole('region', { name: 'Newly passing' })).toHaveTextContent('None.');
  });

  it('says how many of a long list it shows, and asks the host for more', async () => {
    const fake = new FakeApi();
    const rows = (passed: boolean) =>
      Array.from({ length: 150 }, (_, index) =>
        runRow({
          index,
          caseName: 'greets',
          row: index + 1,
          agentId: AGENT_A,
          passed,
          failed: passed ? [] : ['status: expected 200, got 500'],
        }),
      );
    fake.runs.seed({ runId: 'run-base', startedAt: at(7) }, rows(true));
    fake.runs.seed({ runId: 'run-now', startedAt: at(8) }, rows(false));
    const { user } = renderInsights('run-now', fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    const failing = await within(insights()).findByRole('region', { name: 'Newly failing' });
    expect(within(failing).getByRole('heading', { name: 'Newly failing (150)' })).toBeInTheDocument();
    expect(within(failing).getAllByRole('row').slice(1)).toHaveLength(100);
    expect(failing).toHaveTextContent('Showing the first 100 of 150.');
    expect(within(insights()).getByText('150 newly failing, 0 newly passing, 0 answers changed.')).toBeInTheDocument();
    await user.click(within(failing).getByRole('button', { name: 'Show more newly failing' }));
    await waitFor(() => expect(within(failing).getAllByRole('row').slice(1)).toHaveLength(150));
    expect(fake.callsOf('compareRuns')).toEqual([
      { before: 'run-base', after: 'run-now' },
      { before: 'run-base', after: 'run-now', limit: 200 },
    ]);
    expect(failing).not.toHaveTextContent('Showing the first');
  });

  it('says so when no other finished run of the suite exists', async () => {
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'alone' }, [runRow({ index: 0 })]);
    const { user } = renderInsights('alone', fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    expect(await within(insights()).findByText(/No other finished run of the suite “orders”/)).toBeInTheDocument();
    expect(fake.callsOf('compareRuns')).toEqual([]);
  });
});
