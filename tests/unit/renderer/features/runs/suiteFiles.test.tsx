import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartRunRequest } from '../../../../../electron/shared/api';
import { SUITE_SCHEMA_URL } from '../../../../../electron/shared/runs/suiteTypes';
import { FakeApi } from '../../../../support/fakeApi';
import { AGENT, caseGroup, desktopFake, openRuns, runsRegion } from './runsSuiteHarness';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

const SUITE = JSON.stringify({
  $schema: '../schemas/suite.schema.json',
  name: 'orders',
  data: 'rows.csv',
  cases: [
    {
      name: 'reflects customer',
      agent: AGENT,
      text: '{{text}}',
      payload: { customer_name: '{{customer}}' },
      expect: { answerContains: '{{customer}}', token: 'present' },
    },
  ],
});

describe('suite files in the desktop app', () => {
  it('opens through the host, with the data file read beside the suite, and runs both', async () => {
    const fake = desktopFake();
    fake.openResponder = () => ({
      ok: true,
      value: {
        fileName: 'orders.json',
        text: SUITE,
        data: { name: 'rows.csv', text: 'text,customer\nHi,Dana\nHello,Ada\n' },
        dataProblem: null,
      },
    });
    const { user } = await openRuns(fake);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));

    expect(await within(runsRegion()).findByText('Opened orders.json.')).toBeInTheDocument();
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('orders');
    expect(caseGroup(1)).toHaveAccessibleName('Case 1: reflects customer');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Payload' })).toHaveValue('{\n  "customer_name": "{{customer}}"\n}');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Answer contains' })).toHaveValue('{{customer}}');
    expect(within(runsRegion()).getByText('rows.csv')).toBeInTheDocument();
    expect(within(runsRegion()).getByText(/2 rows/)).toBeInTheDocument();

    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
    const request = fake.callsOf('startRun')[0] as StartRunRequest;
    expect(request.suiteFile).toBe('orders.json');
    // The data file went first, in pieces, and the run names what the host holds.
    const begun = fake.callsOf('beginRunData');
    expect(begun).toEqual([{ name: 'rows.csv' }]);
    const pieces = fake.callsOf('appendRunData') as Array<{ uploadId: string; text: string }>;
    expect(pieces.map((piece) => piece.text).join('')).toBe('text,customer\nHi,Dana\nHello,Ada\n');
    expect(request.data).toEqual({ name: 'rows.csv', uploadId: pieces[0]!.uploadId });
    expect(request.suite).toEqual(JSON.parse(SUITE));
  });

  it('says why a suite file is not JSON and keeps the suite being edited; a cancelled dialog changes nothing', async () => {
    const fake = desktopFake();
    const { user } = await openRuns(fake);
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'mine');
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));
    await waitFor(() => expect(fake.callsOf('openSuiteFile')).toHaveLength(1));
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('mine');

    fake.openResponder = () => ({
      ok: true,
      value: { fileName: 'broken.json', text: '{ "cases": [ ', data: null, dataProblem: null },
    });
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));
    expect(await within(runsRegion()).findByRole('alert')).toHaveTextContent(
      /broken\.json is not valid JSON.*The suite you were editing is unchanged\./,
    );
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('mine');
  });

  it('says when the data file the suite names could not be read', async () => {
    const fake = desktopFake();
    fake.openResponder = () => ({
      ok: true,
      value: { fileName: 'orders.json', text: SUITE, data: null, dataProblem: 'rows.csv was not found beside orders.json.' },
    });
    const { user } = await openRuns(fake);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));
    expect(
      await within(runsRegion()).findByText('rows.csv was not found beside orders.json. Pick the data file below.'),
    ).toBeInTheDocument();
    // Running without it is refused before the host is asked, at the data file field.
    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    const problem = within(within(runsRegion()).getByRole('list', { name: 'Suite problems' })).getByRole('button');
    expect(problem).toHaveTextContent('orders.json, data: The data file rows.csv is not picked');
    await user.click(problem);
    expect(within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)')).toHaveFocus();
    expect(fake.callsOf('startRun')).toEqual([]);
  });

  it('saves through the save dialog as JSON named after the suite, and then knows its file', async () => {
    const fake = desktopFake();
    fake.saveResponder = () => ({ ok: true, value: { saved: true, path: '/home/user/suites/orders.json' } });
    const { user } = await openRuns(fake);
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'orders');
    await user.type(within(caseGroup(1)).getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save suite' }));

    expect(await within(runsRegion()).findByText('Saved to /home/user/suites/orders.json.')).toBeInTheDocument();
    const [saved] = fake.savedFiles;
    expect(saved).toMatchObject({ suggestedName: 'orders.suite.json', mediaType: 'application/json' });
    expect(JSON.parse(saved!.content)).toEqual({ $schema: SUITE_SCHEMA_URL, name: 'orders', cases: [{ agent: AGENT }] });
    expect(within(runsRegion()).queryByText(/unsaved changes/)).toBeNull();
  });

  it('offers to save the data file too, through a second save dialog, under the name the suite gives', async () => {
    const fake = desktopFake();
    fake.saveResponder = (request) => ({ ok: true, value: { saved: true, path: `/home/user/suites/${request.suggestedName}` } });
    const { user } = await openRuns(fake);
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'orders');
    await user.upload(
      within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'),
      new File(['{"a":1}\n{"a":2}\n'], 'rows.jsonl'),
    );
    await within(runsRegion()).findByText(/2 rows/);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save suite' }));

    expect(
      await within(runsRegion()).findByText(
        'Saved to /home/user/suites/orders.suite.json. The suite reads its rows from rows.jsonl: keep that file beside it.',
      ),
    ).toBeInTheDocument();
    expect(fake.savedFiles).toHaveLength(1);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save rows.jsonl too' }));
    expect(
      await within(runsRegion()).findByText('Saved to /home/user/suites/rows.jsonl. Keep it beside orders.suite.json.'),
    ).toBeInTheDocument();
    expect(fake.savedFiles[1]).toEqual({ suggestedName: 'rows.jsonl', mediaType: 'application/jsonl', content: '{"a":1}\n{"a":2}\n' });
    expect(within(runsRegion()).queryByRole('button', { name: 'Save rows.jsonl too' })).toBeNull();
  });
});

/** The browser's downloads, kept: each file's name and its content. */
function captureDownloads() {
  const blobs: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:file'), revokeObjectURL: () => undefined });
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return { blobs, downloads };
}

describe('suite files in a browser', () => {
  it('opens a picked .json file; one that is not a suite is refused with why', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    const input = within(runsRegion()).getByLabelText('Suite file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.json'));
    const click = vi.spyOn(input, 'click');
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(fake.callsOf('openSuiteFile')).toEqual([]);

    await user.upload(input, new File([SUITE], 'orders.json', { type: 'application/json' }));
    expect(await within(runsRegion()).findByText('Opened orders.json.')).toBeInTheDocument();
    expect(within(runsRegion()).getByText('This suite runs once per row of rows.csv: pick that file below.')).toBeInTheDocument();
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('orders');

    await user.upload(input, new File(['{"name": "x"}'], 'notes.json', { type: 'application/json' }));
    expect(await within(runsRegion()).findByRole('alert')).toHaveTextContent('notes.json has no "cases" list.');
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('orders');
  });

  it('picks a data file and shows its name and row count', async () => {
    const { user } = await openRuns();
    await user.upload(
      within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'),
      new File(['{"a":1}\n{"a":2}\n{"a":3}\n'], 'rows.jsonl'),
    );
    expect(await within(runsRegion()).findByText(/3 rows/)).toBeInTheDocument();
    expect(within(runsRegion()).getByText('rows.jsonl')).toBeInTheDocument();
    // An exported data set: a JSON array of objects.
    await user.upload(
      within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'),
      new File(['[{"a":1},{"a":2}]'], 'export.json', { type: 'application/json' }),
    );
    expect(await within(runsRegion()).findByText(/2 rows/)).toBeInTheDocument();
    expect(within(runsRegion()).getByText('export.json')).toBeInTheDocument();
  });

  it("names the chosen data file in its own words, the browser's file input hidden from sight but still a labelled stop on the keyboard", async () => {
    const { user } = await openRuns();
    const input = within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)');
    expect(input).toHaveAccessibleDescription('No data file chosen');
    expect(input).toHaveClass('visually-hidden');
    expect(input).not.toHaveAttribute('tabindex', '-1');
    await user.upload(input, new File(['{"a":1}\n'], 'rows.jsonl'));
    await waitFor(() => expect(input).toHaveAccessibleDescription('rows.jsonl: 1 row'));
    expect(within(runsRegion()).queryByText('No data file chosen')).toBeNull();
    expect(within(runsRegion()).getByText('Choose file…')).toBeVisible();
  });

  it('saves as a download named after the suite', async () => {
    const { blobs, downloads } = captureDownloads();
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'smoke');
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save suite' }));
    expect(await screen.findByText('Saved as smoke.suite.json (in your downloads).')).toBeInTheDocument();
    expect(downloads).toEqual(['smoke.suite.json']);
    const text = await blobs[0]!.text();
    expect(JSON.parse(text)).toEqual({ $schema: SUITE_SCHEMA_URL, name: 'smoke', cases: [{}] });
    // "$schema" comes first, where editors and people look for it.
    expect(Object.keys(JSON.parse(text) as object)[0]).toBe('$schema');
    expect(fake.callsOf('saveTextFile')).toEqual([]);
  });

  it('offers to download the data file too, named as the suite names it', async () => {
    const { blobs, downloads } = captureDownloads();
    const { user } = await openRuns();
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'orders');
    await user.upload(
      within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'),
      new File(['text,customer\nHi,Dana\n'], 'rows.csv', { type: 'text/csv' }),
    );
    await within(runsRegion()).findByText(/1 row/);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save suite' }));

    expect(
      await screen.findByText(
        'Saved as orders.suite.json (in your downloads). The suite reads its rows from rows.csv: keep that file beside it.',
      ),
    ).toBeInTheDocument();
    expect(downloads).toEqual(['orders.suite.json']);
    expect(JSON.parse(await blobs[0]!.text())).toMatchObject({ $schema: SUITE_SCHEMA_URL, data: 'rows.csv' });

    await user.click(within(runsRegion()).getByRole('button', { name: 'Save rows.csv too' }));
    expect(await screen.findByText('Saved as rows.csv (in your downloads). Keep it beside orders.suite.json.')).toBeInTheDocument();
    expect(downloads).toEqual(['orders.suite.json', 'rows.csv']);
    expect(await blobs[1]!.text()).toBe('text,customer\nHi,Dana\n');
  });

  it("says the data file must be saved beside the suite when the page does not hold it, and keeps the suite's own $schema", async () => {
    const { blobs, downloads } = captureDownloads();
    const { user } = await openRuns();
    await user.upload(within(runsRegion()).getByLabelText('Suite file'), new File([SUITE], 'orders.json', { type: 'application/json' }));
    await within(runsRegion()).findByText('Opened orders.json.');
    await user.click(within(runsRegion()).getByRole('button', { name: 'Save suite' }));

    expect(
      await screen.findByText(
        'Saved as orders.json (in your downloads). The suite reads its rows from rows.csv, which this page does not hold: save that file beside it under that name.',
      ),
    ).toBeInTheDocument();
    expect(within(runsRegion()).queryByRole('button', { name: /too$/ })).toBeNull();
    // The file keeps the name it was opened with, and the schema it named.
    expect(downloads).toEqual(['orders.json']);
    const saved = JSON.parse(await blobs[0]!.text()) as Record<string, unknown>;
    expect(Object.keys(saved)[0]).toBe('$schema');
    expect(saved).toEqual(JSON.parse(SUITE));
  });
});
