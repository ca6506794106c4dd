import type { HostConnection } from '../../../../renderer/host';
import { startApp } from '../../../../renderer/app/startApp';
import { NO_EVENTS } from '../../../../renderer/host/HostContext';
import { FakeApi } from '../../../support/fakeApi';

/** A host that records, with the app's chunk, what happened in which order. */
function recordedStart(connection: (fake: FakeApi) => HostConnection) {
  const steps: string[] = [];
  const fake = new FakeApi();
  const getStartup = fake.getStartup.bind(fake);
  fake.getStartup = () => {
    steps.push('asked for the first screen');
    return getStartup();
  };
  const root = {} as HTMLElement;
  const started = startApp(
    root,
    async () => connection(fake),
    async () => {
      steps.push("ran the app's chunk");
      return {
        showApp: (_root, _connection, startup) => void steps.push(startup ? 'drew the app with the answer' : 'drew the app without one'),
        showLaunchProblem: (_root, reason) => void steps.push(`said why it cannot start: ${reason}`),
      };
    },
  );
  return { steps, started, fake };
}

describe('startApp', () => {
  it("asks the host for the first screen before it runs the app's chunk, and draws the app with the answer", async () => {
    const { steps, started } = recordedStart((fake) => ({ ok: true, api: fake, events: NO_EVENTS, shell: fake }));
    await started;
    // The question leaves first: the host answers while the app's chunk runs.
    expect(steps).toEqual(['asked for the first screen', "ran the app's chunk", 'drew the app with the answer']);
  });

  it('draws the app with the startup that came with the session, asking the host nothing more (no second round trip)', async () => {
    const startup = await new FakeApi().getStartup();
    const { steps, started, fake } = recordedStart((fake) => ({ ok: true, api: fake, events: NO_EVENTS, shell: fake, startup }));
    await started;
    expect(steps).toEqual(["ran the app's chunk", 'drew the app with the answer']);
    expect(fake.calls).toEqual([]);
  });

  it('says why the app cannot start, asking the host nothing, when there is no session', async () => {
    const { steps, started, fake } = recordedStart(() => ({ ok: false, reason: 'token_used' }));
    await started;
    expect(steps).toEqual(["ran the app's chunk", 'said why it cannot start: token_used']);
    expect(fake.calls).toEqual([]);
  });
});
