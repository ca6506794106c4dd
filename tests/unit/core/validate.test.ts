import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/core/validate';
import { FakeApi } from '../../support/fakeApi';

describe('every argument is narrowed before the service sees it', () => {
  it('passes a well-formed invoke through', async () => {
    const api = new FakeApi();
    const argument = { agentId: 'a', text: 't', payload: { n: [1, true, null, { x: 'y' }] } };
    const outcome = await dispatch(api, 'invokeAgent', argument);
    expect(outcome.ok).toBe(true);
    expect(api.callsOf('invokeAgent')).toEqual([argument]);
  });

  it('passes the judge agents picked per profile through', async () => {
    const api = new FakeApi();
    expect(await dispatch(api, 'updateSettings', { judgeAgents: { sandbox: 'judge' } })).toMatchObject({ ok: true });
    expect(api.callsOf('updateSettings')).toEqual([{ judgeAgents: { sandbox: 'judge' } }]);
  });

  it.each([
    ['invokeAgent', null, 'must be an object'],
    ['invokeAgent', { agentId: 1, text: '', payload: {} }, '"agentId" must be a string'],
    ['invokeAgent', { agentId: 'a', payload: {} }, '"text" must be a string'],
    ['invokeAgent', { agentId: 'a', text: '', payload: [] }, '"payload" must be a JSON object'],
    ['invokeAgent', { agentId: 'a', text: '', payload: { n: Number.NaN } }, 'only JSON values'],
    ['invokeAgent', { agentId: 'a', text: '', payload: { d: new Date() } }, 'only JSON values'],
    ['invokeAgent', { agentId: 'a'.repeat(2000), text: '', payload: {} }, 'longer than 1024'],
    ['getGuideline', { guidelineId: ['x'] }, '"guidelineId" must be a string'],
    ['getGuideline', { guidelineId: 'x', record: 'no' }, '"record" must be true or false'],
    ['selectProfile', 'sandbox', 'must be an object'],
    ['listProfiles', { sneaky: true }, 'takes no argument'],
    ['readKey', undefined, 'Unknown method "readKey"'],
    ['constructor', undefined, 'Unknown method'],
    ['saveWorkspace', { tabs: [], activeTabId: null }, 'base revision'],
    ['saveWorkspace', { baseRevision: 0, writer: 'w', tabs: [], closed: 'all', activeTabId: null }, 'closed tab ids'],
    ['updateSettings', { judgeAgents: { sandbox: ['judge'] } }, 'Each judge agent must be an agent id'],
    ['updateSettings', { judge: 'x' }, 'historyRetention and judgeAgents can be set'],
  ])('%s(%j) is refused: %s', async (method, argument, message) => {
    const api = new FakeApi();
    const outcome = await dispatch(api, method, argument);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe('invalid_argument');
    expect(!outcome.ok && outcome.error.message).toContain(message);
    expect(api.calls).toHaveLength(0);
  });
});
