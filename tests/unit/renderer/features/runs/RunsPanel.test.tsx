import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StartRunRequest } from '../../../../../electron/shared/api';
import { SUITE_SCHEMA_URL } from '../../../../../electron/shared/runs/suiteTypes';
import { FakeApi } from '../../../../support/fakeApi';
import { answersByText, endedRun, numberedCases, suiteOf } from '../../../../support/runSuites';
import { renderReady } from '../../renderApp';
import { AGENT, caseGroup, openRuns, runsRegion, startedSuite } from './runsSuiteHarness';

beforeEach(() => localStorage.clear());

describe('the Runs section', () => {
  it('is a section of its own, reached from the section tabs with the keyboard', async () => {
    const { user } = await renderReady();
    screen.getByRole('tab', { name: 'Agents' }).focus();
    // Arrow keys move along the section tabs (one tab stop for the list), as for the other sections.
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('region', { name: 'Runs' });
    await user.tab();
    // Tab then walks into the section: its first control is New suite.
    expect(within(runsRegion()).getByRole('button', { name: 'New suite' })).toHaveFocus();
  });

  it('makes a suite from the request tab in front, and runs it with the active profile', async () => {
    const fake = new FakeApi();
    // The platform has not answered yet: the run is seen going.
    fake.platform.hold();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Where is my order?');
    fireEvent.change(screen.getByRole('textbox', { name: 'Payload' }), { target: { value: '{ "customer_name": "Dana" }' } });
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Runs' })).getByRole('button', { name: 'New suite from request tab' }),
    );

    const first = caseGroup(1);
    expect(within(first).getByRole('combobox', { name: 'Agent' })).toHaveValue(AGENT);
    expect(within(first).getByRole('textbox', { name: 'Text' })).toHaveValue('Where is my order?');
    expect(within(first).getByRole('textbox', { name: 'Payload' })).toHaveValue('{ "customer_name": "Dana" }');

    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
    const request = fake.callsOf('startRun')[0] as StartRunRequest;
    expect(request).toMatchObject({
      profileId: fake.profiles.activeProfileId,
      concurrency: 8,
      ratePerSecond: null,
      on429: 'wait',
      data: null,
    });
    expect(startedSuite(fake)?.cases).toEqual([
      { name: expect.any(String), agent: AGENT, text: 'Where is my order?', payload: { customer_name: 'Dana' } },
    ]);
    expect(await within(runsRegion()).findByText('Run started: 1 request.')).toBeInTheDocument();
    // The run started is shown, and listed among the section's past runs.
    const run = await within(runsRegion()).findByRole('region', { name: 'Run' });
    expect(await within(run).findByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuemax', '1');
    expect(within(run).getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
    expect(await within(runsRegion()).findByRole('list', { name: 'Past runs' })).toHaveTextContent(/passed/);
  });

  it('makes a suite from the request form too, and says where it came from', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'From the form');
    await user.click(within(screen.getByRole('form', { name: 'Request' })).getByRole('button', { name: 'New suite' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(runsRegion()).getByText(/New suite with 1 case from the request tab “Support reply drafter”\./)).toBeInTheDocument();
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('From the form');
  });

  it('sends what was edited: a second case, expectations of every kind, moved to the front, settings', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    const runs = runsRegion();
    await user.type(within(runs).getByRole('textbox', { name: 'Suite name' }), 'orders');
    await user.type(within(caseGroup(1)).getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.click(within(runs).getByRole('button', { name: 'Add case' }));
    const second = caseGroup(2);
    await user.type(within(second).getByRole('textbox', { name: 'Case name' }), 'reflects customer');
    await user.type(within(caseGroup(2)).getByRole('combobox', { name: 'Agent' }), AGENT);
    const expectations = within(caseGroup(2));
    await user.type(expectations.getByRole('spinbutton', { name: 'Status' }), '201');
    await user.selectOptions(expectations.getByRole('combobox', { name: 'Contract check' }), 'false');
    await user.selectOptions(expectations.getByRole('combobox', { name: 'Token' }), 'present');
    await user.selectOptions(expectations.getByRole('combobox', { name: 'Payload reflected' }), 'true');
    await user.type(expectations.getByRole('textbox', { name: 'Answer contains' }), 'Dana{Enter}order');
    await user.type(expectations.getByRole('textbox', { name: 'Answer does not contain' }), 'sorry');
    await user.type(expectations.getByRole('textbox', { name: 'Answer matches (regular expression)' }), '^Hello');
    await user.type(expectations.getByRole('spinbutton', { name: 'Max server time (ms)' }), '900');
    await user.type(expectations.getByRole('spinbutton', { name: 'Max round trip (ms)' }), '1500');
    within(runs).getByRole('button', { name: 'Move case 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(caseGroup(1)).toHaveAccessibleName('Case 1: reflects customer');
    // The keyboard stays with the moved case: at the top, on its other move button.
    await waitFor(() => expect(within(runs).getByRole('button', { name: 'Move case 1 down' })).toHaveFocus());

    await user.clear(within(runs).getByRole('spinbutton', { name: 'Concurrency' }));
    await user.type(within(runs).getByRole('spinbutton', { name: 'Concurrency' }), '2');
    await user.type(within(runs).getByRole('spinbutton', { name: 'Rate limit (requests a second)' }), '5');
    await user.selectOptions(within(runs).getByRole('combobox', { name: 'On 429 Too Many Requests' }), 'fail');
    await user.click(within(runs).getByRole('button', { name: 'Run suite' }));

    await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
    expect(fake.callsOf('startRun')[0]).toMatchObject({ concurrency: 2, ratePerSecond: 5, on429: 'fail', suiteFile: 'orders.suite.json' });
    expect(startedSuite(fake)).toEqual({
      name: 'orders',
      cases: [
        {
          name: 'reflects customer',
          agent: AGENT,
          expect: {
            status: 201,
            contract: false,
            token: 'present',
            payloadReflected: true,
            answerContains: ['Dana', 'order'],
            answerNotContains: 'sorry',
            answerMatches: '^Hello',
            maxServerMs: 900,
            maxRoundTripMs: 1500,
          },
        },
        { agent: AGENT },
      ],
    });
  });

  it('lists every problem of a refused suite by file, case and field, and each focuses its field', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    await user.type(within(caseGroup(1)).getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(within(caseGroup(1)).getByRole('textbox', { name: 'Answer matches (regular expression)' }), '(');
    // The host's own checks refuse the suite: a pattern that is not one, and an agent listed twice.
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Agents (optional)' }), `${AGENT}{Enter}${AGENT}`);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));

    const list = await within(runsRegion()).findByRole('list', { name: 'Suite problems' });
    const problems = within(list).getAllByRole('button');
    expect(problems.map((problem) => problem.textContent)).toEqual([
      `Untitled.suite.json, agents[1]: the agent ${AGENT} is listed twice`,
      'Untitled.suite.json, case 1, cases[0].expect.answerMatches: is not a valid regular expression in RE2 syntax (lookahead, lookbehind and backreferences are not supported): missing closing ): `(`',
    ]);
    await user.click(problems[1]!);
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Answer matches (regular expression)' })).toHaveFocus();
    await user.click(problems[0]!);
    expect(within(runsRegion()).getByRole('textbox', { name: 'Agents (optional)' })).toHaveFocus();
    expect(within(runsRegion()).queryByRole('region', { name: 'Run' })).toBeNull();
  });

  it('refuses a payload that is not a JSON object before asking the host, focusing the payload', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    fireEvent.change(within(caseGroup(1)).getByRole('textbox', { name: 'Payload' }), { target: { value: '{ "a": ' } });
    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    const problem = within(await within(runsRegion()).findByRole('list', { name: 'Suite problems' })).getByRole('button');
    expect(problem).toHaveTextContent(/case 1, cases\[0\]\.payload: Invalid JSON/);
    expect(fake.callsOf('startRun')).toEqual([]);
    await user.click(problem);
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Payload' })).toHaveFocus();
  });

  it('keeps the unsaved suite across a restart of the app', async () => {
    const first = await openRuns();
    await first.user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'kept');
    await first.user.type(within(caseGroup(1)).getByRole('textbox', { name: 'Text' }), 'still here');
    first.unmount();

    await openRuns();
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('kept');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('still here');
    expect(within(runsRegion()).getByText(/unsaved changes/)).toBeInTheDocument();
  });

  it('shows the suite as JSON and applies edits made there; text that is not a suite is kept, not applied', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Source' }));
    const source = within(runsRegion()).getByRole('textbox', { name: 'Suite JSON' });
    // The text a saved file would hold: "$schema" first, for editors.
    expect(JSON.parse((source as HTMLTextAreaElement).value)).toEqual({ $schema: SUITE_SCHEMA_URL, cases: [{}] });
    fireEvent.change(source, { target: { value: `{ "name": "typed", "cases": [ { "agent": "${AGENT}", "text": "Hi" } ] }` } });
    fireEvent.change(source, { target: { value: '{ "name": "typed", "cases": [' } });
    expect(within(runsRegion()).getByText(/Not applied:/)).toBeInTheDocument();
    expect(source).toHaveValue('{ "name": "typed", "cases": [');
    await user.click(within(runsRegion()).getByRole('button', { name: 'Form' }));
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('typed');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('Hi');
  });

  it('opens a past run again from the list', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = answersByText();
    await endedRun(fake, suiteOf(numberedCases(3)));
    const { user } = await openRuns(fake);
    const past = await within(runsRegion()).findByRole('list', { name: 'Past runs' });
    await user.click(within(past).getByRole('button', { name: /orders/ }));
    const run = await within(runsRegion()).findByRole('region', { name: 'Run' });
    expect(await within(run).findByRole('heading', { name: 'orders' })).toBeInTheDocument();
    expect(within(run).getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '3');
  });
});

/**
 * The suite an edit went into is kept to restore when another replaces it, even when the
 * replacement is itself replaced before it was touched (a second press of New suite from
 * request tab must not make the person's own suite unreachable).
 */
describe('Runs: Restore the previous suite', () => {
  it('restores the edited suite after New suite from request tab was pressed twice', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Where is my order?');
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    const runs = await screen.findByRole('region', { name: 'Runs' });
    await user.type(within(runs).getByRole('textbox', { name: 'Suite name' }), 'my work');

    await user.click(within(runsRegion()).getByRole('button', { name: 'New suite from request tab' }));
    await user.click(within(runsRegion()).getByRole('button', { name: 'New suite from request tab' }));
    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).not.toHaveValue('my work'));

    await user.click(within(runsRegion()).getByRole('button', { name: 'Restore the previous suite' }));
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('my work');
  });
});
