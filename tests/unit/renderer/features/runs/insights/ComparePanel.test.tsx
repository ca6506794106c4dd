import { screen, waitFor, within } from '@testing-library/react';
import type { InvokeResult } from '../../../../../../electron/shared/api';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { answersByText, endedRun, startSuiteRun, statusAnswer, suiteOf, type CaseSpec } from '../../../../../support/runSuites';
import { AGENT_A, AGENT_B, fakeWithJudge, insights, JUDGED, renderInsights } from './runInsightsHarness';

const at = (hour: number) => new Date(`2026-11-23T0${hour}:00:00.000Z`);
/** Every run reads a one-row data file, so each result is "row 1". */
const DATA = { name: 'people.csv', text: 'name\nAda\n' };

/** A run of "orders" (or `name`) started at `hour`, its cases answered as `answers` says (by text), to its end. */
async function runAt(fake: FakeApi, hour: number, cases: CaseSpec[], answers: Record<string, InvokeResult | string>, name = 'orders') {
  fake.clock = at(hour);
  fake.invokeResponder = answersByText(answers);
  return endedRun(fake, suiteOf(cases, { name, data: 'people.csv' }), { data: DATA });
}

const greets: CaseSpec = { name: 'greets', text: 'Greet', agent: AGENT_A };
const refunds: CaseSpec = { name: 'refunds', text: 'Refund', agent: AGENT_B };
const answer = (text: string, roundTripMs: number, serverMs: number | null = null) =>
  okInvoke(text, { roundTripMs, ms: serverMs, duration: serverMs === null ? 'soon' : `${serverMs}ms` });

/** Four finished runs of "orders" (05:00, 07:00, this one at 08:00, 09:00), one still running, and one of another suite. */
async function startRuns(fake: FakeApi) {
  const old = await runAt(fake, 5, [greets], { Greet: statusAnswer(500, 'Internal Server Error', { roundTripMs: 10 }) });
  const base = await runAt(fake, 7, [greets, refunds, { name: 'gone', text: 'Gone', agent: AGENT_A }], {
    Greet: answer('Hello Ada, your order ships today.', 10, 100),
    Refund: statusAnswer(404, 'Not Found', { roundTripMs: 20 }),
    Gone: answer('Bye.', 30),
  });
  const now = await runAt(
    fake,
    8,
    [
      { ...greets, expect: { answerContains: 'Ada' } },
      refunds,
      // A suite may name two cases alike: each is a result of its own.
      { name: 'new case', text: 'New', agent: AGENT_A },
      { name: 'new case', text: 'New', agent: AGENT_A },
    ],
    {
      Greet: answer('Hello <i>Bo</i>, your order ships tomorrow.', 15, 150),
      Refund: answer('Refunds take five days.', 25, 250),
      New: answer('New.', 35),
    },
  );
  // Started later than this run (a rerun of an older state, say): listed, but not the first choice.
  const later = await runAt(fake, 9, [greets], { Greet: answer('Hello Ada.', 10) });
  await runAt(fake, 6, [greets], { Greet: 'Hello.' }, 'billing');
  // Still going: the platform has not answered.
  fake.platform.hold();
  fake.clock = at(9);
  await startSuiteRun(fake, suiteOf([greets], { data: 'people.csv' }), { data: DATA });
  return { old, base, now, later };
}

async function openCompare() {
  const fake = new FakeApi();
  const runs = await startRuns(fake);
  const rendered = renderInsights(runs.now, fake);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Compare' }));
  const picker = await within(insights()).findByRole('combobox', { name: 'Baseline run (before)' });
  return { ...rendered, picker, runs };
}

describe('Run insights: compare two runs', () => {
  it('offers the other finished runs of the same suite, the latest earlier one first chosen', async () => {
    const { fake, picker, runs } = await openCompare();
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual([runs.later, runs.base, runs.old]);
    expect(picker).toHaveValue(runs.base);
    expect(fake.callsOf('listRuns')).toContainEqual({ suiteName: 'orders' });
    await waitFor(() => expect(fake.callsOf('compareRuns')).toEqual([{ before: runs.base, after: runs.now }]));
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
    ).toEqual([
      'greets',
      '1',
      'Support reply drafter',
      '200 → 200',
      'answerContains: expected contains "Ada", got missing "Ada" in "Hello <i>Bo</i>, your order ships tomorrow."',
    ]);
    const passing = within(insights()).getByRole('region', { name: 'Newly passing' });
    const passingCells = within(within(passing).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(passingCells.map((cell) => cell.textContent)).toEqual([
      'refunds',
      '1',
      '33333333…',
      '404 → 200',
      // Both expectations the 404 failed: its status, and the contract it could not be checked against.
      'status: expected 200, got 404contract: expected passes, got not checked (http_status)',
    ]);
    expect(within(insights()).getByRole('region', { name: 'Only in one run' })).toHaveTextContent(
      '1 result only in the baseline; 2 results only in this run.',
    );
  });

  it('shows changed answers as a word diff, as text', async () => {
    await openCompare();
    const changed = await within(insights()).findByRole('region', { name: 'Answers changed' });
    // greets' answer changed; refunds had none before (a 404), so there is nothing to set beside its answer now.
    expect(within(changed).getByRole('heading', { name: /Answers changed \(1\)/ })).toBeInTheDocument();
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
    const { user, fake, picker, runs } = await openCompare();
    await within(insights()).findByRole('region', { name: 'Newly failing' });
    await user.selectOptions(picker, runs.old);
    await waitFor(() => expect(fake.callsOf('compareRuns')).toContainEqual({ before: runs.old, after: runs.now }));
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
    // 150 data rows: all pass at 07:00; at 08:00 the platform answers 500 to every one.
    const data = { name: 'rows.csv', text: `n\n${Array.from({ length: 150 }, (_, i) => i + 1).join('\n')}\n` };
    const suite = suiteOf([{ ...greets, text: 'Greet {{n}}' }], { data: 'rows.csv' });
    const settings = { concurrency: 16 };
    fake.clock = at(7);
    fake.invokeResponder = answersByText({}, () => okInvoke('Hello.'));
    const base = await endedRun(fake, suite, { data, settings });
    fake.clock = at(8);
    fake.invokeResponder = answersByText({}, () => statusAnswer(500, 'Internal Server Error'));
    const now = await endedRun(fake, suite, { data, settings });
    const { user } = renderInsights(now, fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    const failing = await within(insights()).findByRole('region', { name: 'Newly failing' });
    expect(within(failing).getByRole('heading', { name: 'Newly failing (150)' })).toBeInTheDocument();
    expect(within(failing).getAllByRole('row').slice(1)).toHaveLength(100);
    expect(failing).toHaveTextContent('Showing the first 100 of 150.');
    expect(within(insights()).getByText('150 newly failing, 0 newly passing, 0 answers changed.')).toBeInTheDocument();
    await user.click(within(failing).getByRole('button', { name: 'Show more newly failing' }));
    await waitFor(() => expect(within(failing).getAllByRole('row').slice(1)).toHaveLength(150));
    expect(fake.callsOf('compareRuns')).toEqual([
      { before: base, after: now },
      { before: base, after: now, limit: 200 },
    ]);
    expect(failing).not.toHaveTextContent('Showing the first');
  });

  it('says so when no other finished run of the suite exists', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = answersByText();
    const { user } = renderInsights(await endedRun(fake, suiteOf([greets])), fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    expect(await within(insights()).findByText(/No other finished run of the suite “orders”/)).toBeInTheDocument();
    expect(fake.callsOf('compareRuns')).toEqual([]);
  });
});

describe('Run insights: compare the judges’ rules', () => {
  it('lists per case the rules that passed in the baseline and fail now, with the judge’s why as text, and counts them', async () => {
    // The baseline's answers all say "refund"; in this run the login answer no longer does.
    let refundFor = (_text: string) => true;
    const fake = fakeWithJudge((_agentId, text) => (refundFor(text) ? `Hello, about your refund (${text})` : `Hello, about ${text}`));
    const suite = suiteOf(
      [
        { name: 'refund', text: 'my refund', expect: JUDGED },
        { name: 'login', text: 'my login', expect: JUDGED },
      ] as never,
      { agents: [AGENT_A] },
    );
    fake.clock = at(7);
    await endedRun(fake, suite);
    fake.clock = at(8);
    refundFor = (text) => text !== 'my login';
    const now = await endedRun(fake, suite);
    const { user } = renderInsights(now, fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    const rules = await within(insights()).findByRole('region', { name: 'Rules newly failing' });
    expect(within(rules).getByRole('heading', { level: 3 })).toHaveTextContent('Rules newly failing (1 rule newly failing across 1 case)');
    const items = within(rules).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('login, Support reply drafter against Reply rules');
    expect(within(items[0]!).getByRole('listitem')).toHaveTextContent('Rule 2 newly failing: It never says <b>refund</b>.');
    expect(rules.querySelector('b')).toBeNull();
    const summary = '1 newly failing, 0 newly passing, 1 answer changed; 1 rule newly failing across 1 case.';
    expect(within(insights()).getByText((_, element) => element?.tagName === 'P' && element.textContent === summary)).toBeVisible();
  });

  it('has no rules section when neither run was judged', async () => {
    const fake = new FakeApi();
    fake.clock = at(7);
    await endedRun(fake, suiteOf([{ name: 'plain', text: 'hello' }]));
    fake.clock = at(8);
    const now = await endedRun(fake, suiteOf([{ name: 'plain', text: 'hello' }]));
    const { user } = renderInsights(now, fake);
    await user.click(await screen.findByRole('tab', { name: 'Compare' }));
    expect(await within(insights()).findByRole('region', { name: 'Newly failing' })).toBeVisible();
    expect(within(insights()).queryByRole('region', { name: 'Rules newly failing' })).toBeNull();
  });
});
