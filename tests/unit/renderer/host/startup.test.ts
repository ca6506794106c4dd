import { withStartup } from '../../../../renderer/host/startup';
import { FakeApi } from '../../../support/fakeApi';

/** What the first screen reads, as each method answers it. */
async function firstScreen(api: FakeApi | ReturnType<typeof withStartup>['api']) {
  return {
    profiles: await api.listProfiles(),
    workspace: await api.loadWorkspace(),
    agents: await api.listKnownAgents(),
    guidelines: await api.listKnownGuidelines(),
  };
}

const READS = ['listProfiles', 'loadWorkspace', 'listKnownAgents', 'listKnownGuidelines'] as const;
const callCounts = (fake: FakeApi) => Object.fromEntries(READS.map((method) => [method, fake.callsOf(method).length]));

describe('withStartup', () => {
  it("answers the first screen's four reads from one call, with what the host answers each, then asks the host again", async () => {
    const fake = new FakeApi();
    fake.workspace = { tabs: [{ id: 't1', title: '', agentId: 'a', text: 'kept draft', payloadText: '{}' }], activeTabId: 't1' };
    const expected = await firstScreen(fake);
    const before = callCounts(fake);

    const { api, startup } = withStartup(fake);
    expect(await firstScreen(api)).toEqual(expected);
    expect((await startup)?.workspace.tabs[0]?.text).toBe('kept draft');
    expect(fake.callsOf('getStartup')).toHaveLength(1);
    expect(callCounts(fake)).toEqual(before);

    // Only the first call of each: later ones are fresh questions.
    await firstScreen(api);
    expect(callCounts(fake)).toEqual(Object.fromEntries(READS.map((method) => [method, before[method]! + 1])));
  });

  it('asks the host for each read itself when the one call fails', async () => {
    const fake = new FakeApi();
    fake.getStartup = async () => {
      throw new Error('the host went away');
    };
    const { api, startup } = withStartup(fake);
    expect(await startup).toBeNull();
    await firstScreen(api);
    expect(callCounts(fake)).toEqual({ listProfiles: 1, loadWorkspace: 1, listKnownAgents: 1, listKnownGuidelines: 1 });
  });

  it('leaves the known lists to the host when they were read for another profile than the one it names active', async () => {
    const fake = new FakeApi();
    const answer = await fake.getStartup();
    fake.getStartup = async () => ({ ...answer, known: { ...answer.known, profileId: 'another-profile' } });
    const { api } = withStartup(fake);
    await firstScreen(api);
    expect(callCounts(fake)).toEqual({ listProfiles: 0, loadWorkspace: 0, listKnownAgents: 1, listKnownGuidelines: 1 });
  });
});
