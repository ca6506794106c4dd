/// <reference types="vite/client" />
import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StartRunRequest } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { caseGroup, desktopFake, openRuns, runsRegion } from './runsSuiteHarness';
// The example collection, as Postman 10 and later export one (its text, as a person's file holds it).
import COLLECTION from '../../../../../examples/runs/orders.postman_collection.json?raw';

beforeEach(() => localStorage.clear());

describe('a Postman collection opened in the Runs section', () => {
  it('becomes an unsaved suite, saying what was left out and which data columns its cases use', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    await user.upload(
      within(runsRegion()).getByLabelText('Suite file'),
      new File([COLLECTION], 'orders.postman_collection.json', { type: 'application/json' }),
    );
    expect(
      await within(runsRegion()).findByText(
        /^Converted the Postman collection orders\.postman_collection\.json: 2 cases\. Not converted: "order status has no token": its prerequest script \(suites have no scripts\); "Refund guideline": GET .* is not an agent invoke .*; the collection's auth: the key comes from the profile or AGENT_EXPLORER_API_KEY\. Save it to keep it as a suite\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(runsRegion()).getByText(
        'The cases use {{text}}, {{customer}}, {{topic}}, {{order}}: pick a data file with these columns below.',
      ),
    ).toBeInTheDocument();
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('Orders (Agent Explorer Sandbox)');
    expect(caseGroup(1)).toHaveAccessibleName('Case 1: Support replies / reflects customer');
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Answer contains' })).toHaveValue('{{customer}}');
    expect(caseGroup(2)).toHaveAccessibleName('Case 2: order status has no token');
  });

  it('opens through the desktop dialog too, and runs as converted', async () => {
    const fake = desktopFake();
    fake.openResponder = () => ({
      ok: true,
      value: { fileName: 'orders.postman_collection.json', text: COLLECTION, data: null, dataProblem: null },
    });
    const { user } = await openRuns(fake);
    await user.click(within(runsRegion()).getByRole('button', { name: 'Open suite…' }));
    expect(
      await within(runsRegion()).findByText(/^Converted the Postman collection orders\.postman_collection\.json: 2 cases\./),
    ).toBeInTheDocument();
    await user.upload(
      within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'),
      new File(['text,customer,topic,order\nHi,Dana,refunds,NW-1\n'], 'rows.csv', { type: 'text/csv' }),
    );
    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
    const request = fake.callsOf('startRun')[0] as StartRunRequest;
    expect(request.suite).toMatchObject({
      name: 'Orders (Agent Explorer Sandbox)',
      cases: [
        {
          name: 'Support replies / reflects customer',
          agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73',
          expect: { status: 200, token: 'present' },
        },
        { name: 'order status has no token', expect: { answerContains: 'Order', answerNotContains: 'token' } },
      ],
    });
  });

  it('says why a collection with no invoke is not opened, and keeps the suite being edited', async () => {
    const { user } = await openRuns(new FakeApi());
    await user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'mine');
    const empty = {
      info: { name: 'Guidelines', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [],
    };
    await user.upload(within(runsRegion()).getByLabelText('Suite file'), new File([JSON.stringify(empty)], 'guidelines.json'));
    expect(await within(runsRegion()).findByRole('alert')).toHaveTextContent(
      'guidelines.json: no request in the collection invokes an agent (POST …/api/agent/{id}/invoke/). The suite you were editing is unchanged.',
    );
    expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('mine');
  });
});
