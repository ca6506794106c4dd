import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { LAUNCH_SECRET_HEADER } from '../../electron/shared/api';
import { expect, openApp, test } from './fixtures';

/**
 * Run progress in browser mode, in real Chromium: the host's /events stream, read as
 * the page reads it (its own fetch, with the tab's session), is refused without the session and
 * streams with it; and, once the host's runner is in (feat/runs-host), a run started from the
 * page sends its progress down that stream.
 */

const PAGE_SECRET_KEY = 'agent-explorer.page-secret';

test('the event stream is refused to a fetch without the session, and opened to the page with it', async ({ page, app }) => {
  await openApp(page, app);
  const outcome = await page.evaluate(
    async ({ header, key }) => {
      const refused = await fetch('/events', { cache: 'no-store' });
      const wrong = await fetch('/events', { headers: { [header]: 'guess' }, cache: 'no-store' });
      const controller = new AbortController();
      const open = await fetch('/events', {
        headers: { [header]: sessionStorage.getItem(key) ?? '' },
        cache: 'no-store',
        signal: controller.signal,
      });
      const first = await open.body!.getReader().read();
      controller.abort();
      return {
        refused: refused.status,
        wrong: wrong.status,
        status: open.status,
        type: open.headers.get('content-type'),
        first: new TextDecoder().decode(first.value),
      };
    },
    { header: LAUNCH_SECRET_HEADER, key: PAGE_SECRET_KEY },
  );
  expect(outcome).toEqual({ refused: 403, wrong: 403, status: 200, type: 'text/event-stream; charset=utf-8', first: ': connected\n\n' });
});

test("a run started from the page sends its progress down the page's stream", async ({ page, app }) => {
  await openApp(page, app);
  const agent = SANDBOX_AGENTS[0]!;
  const outcome = await page.evaluate(
    async ({ header, key, agentId }) => {
      const secret = sessionStorage.getItem(key) ?? '';
      const controller = new AbortController();
      const stream = await fetch('/events', { headers: { [header]: secret }, cache: 'no-store', signal: controller.signal });
      const reader = stream.body!.getReader();
      const call = async (method: string, argument: unknown) => {
        const response = await fetch(`/rpc/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: secret },
          body: JSON.stringify({ argument }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { value?: { ok: boolean; value?: { runId: string }; error?: unknown }; error?: unknown },
        };
      };
      const started = await call('startRun', {
        profileId: 'sandbox',
        suite: { name: 'events e2e', cases: [{ agent: agentId, text: 'hello', payload: {} }] },
        suiteFile: 'events-e2e.json',
        data: null,
      });
      const runId = started.body.value?.ok ? started.body.value.value?.runId : undefined;
      if (!runId) {
        controller.abort();
        return { started: false as const, answer: JSON.stringify(started.body) };
      }
      // Read frames until this run says it has ended.
      let text = '';
      const decoder = new TextDecoder();
      const states: string[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const frame = text.slice(0, end);
          text = text.slice(end + 2);
          const match = /^event: run-progress\ndata: (.*)$/m.exec(frame);
          if (!match) continue;
          const progress = JSON.parse(match[1]!) as { runId: string; state: string };
          if (progress.runId === runId) states.push(progress.state);
        }
        if (states.length > 0 && states.at(-1) !== 'running') break;
      }
      controller.abort();
      return { started: true as const, states };
    },
    { header: LAUNCH_SECRET_HEADER, key: PAGE_SECRET_KEY, agentId: agent.id },
  );
  expect(outcome.started, outcome.started ? '' : outcome.answer).toBe(true);
  if (outcome.started) expect(outcome.states.at(-1)).toBe('passed');
});
