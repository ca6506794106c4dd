import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../../electron/shared/api';
import { emptySuite } from '../../../../../renderer/features/runs/suiteModel';
import { FakeApi } from '../../../../support/fakeApi';
import { caseGroup, openRuns, runsRegion } from './runsSuiteHarness';

beforeEach(() => localStorage.clear());

/**
 * The unsaved suite outlives a restart in browser mode, where the page's origin changes with
 * the host's free port (so the page's storage of the last start is not this page's): the host
 * keeps the draft too (loadSuiteDraft / saveSuiteDraft).
 */
describe('Runs: the suite draft kept by the host', () => {
  it('comes back after a restart on another origin (the page storage is empty)', async () => {
    const fake = new FakeApi();
    const first = await openRuns(fake);
    await first.user.type(within(runsRegion()).getByRole('textbox', { name: 'Suite name' }), 'kept');
    await first.user.type(within(caseGroup(1)).getByRole('textbox', { name: 'Text' }), 'still here');
    await waitFor(() => expect(fake.suiteDraft).toMatchObject({ name: 'kept' }));
    await waitFor(() => expect(JSON.stringify(fake.suiteDraft)).toContain('still here'));
    first.unmount();
    localStorage.clear(); // another port: another origin, another storage

    await openRuns(fake);
    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('kept'));
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('still here');
  });

  it('reads the host draft before it sends one, so a fresh page never overwrites it', async () => {
    const fake = new FakeApi();
    fake.suiteDraft = JSON.parse(JSON.stringify({ ...emptySuite(), name: 'from before', dirty: true })) as JsonObject;
    await openRuns(fake);
    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('from before'));
    const order = fake.calls.map((call) => call.method).filter((method) => method === 'loadSuiteDraft' || method === 'saveSuiteDraft');
    expect(order[0]).toBe('loadSuiteDraft');
    expect(fake.suiteDraft).toMatchObject({ name: 'from before' });
  });

  it('shows a damaged kept draft with what it has (a case without expectations, empty defaults) instead of breaking the section', async () => {
    const fake = new FakeApi();
    fake.suiteDraft = {
      name: 'half',
      defaults: {},
      cases: [{ text: 'kept text', expect: { status: 201 } }, 'not a case'],
    } as unknown as JsonObject;
    await openRuns(fake);
    await waitFor(() => expect(within(runsRegion()).getByRole('textbox', { name: 'Suite name' })).toHaveValue('half'));
    expect(within(caseGroup(1)).getByRole('textbox', { name: 'Text' })).toHaveValue('kept text');
    // A field of the wrong type is left empty rather than shown wrong.
    expect(within(caseGroup(1)).getByRole('spinbutton', { name: 'Status' })).toHaveValue(null);
    expect(within(caseGroup(2)).getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });
});
