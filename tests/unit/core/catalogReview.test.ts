import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';

/** Learned keys are kept apart from placeholders, and the user's review can remove them. */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
let dataDir: string;
let core: Core;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-catalog-review-'));
  core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
});
afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('learned keys', () => {
  it('a typo in an answered request is learned as a learned key, never as a placeholder', async () => {
    const answered = await core.api.invokeAgent({
      agentId: drafter.id,
      text: 'hi',
      payload: { customer_name: 'Ada', cusomer_name: 'typo' },
    });
    expect(answered.ok).toBe(true);
    const [entry] = await core.api.listCatalog();
    expect(entry).toMatchObject({ agentId: drafter.id, placeholders: [], learnedKeys: ['customer_name', 'cusomer_name'] });
  });

  it('a save with the reviewed learned keys removes the others, and cannot add any', async () => {
    await core.api.invokeAgent({ agentId: drafter.id, text: 'hi', payload: { customer_name: 'Ada', cusomer_name: 'typo' } });
    const base = { agentId: drafter.id, name: '', notes: '', tags: [] };
    const saved = await core.api.saveCatalogAgent({ ...base, placeholders: ['customer_name'], learnedKeys: ['customer_name', 'invented'] });
    expect(saved.ok && saved.value[0]).toMatchObject({ placeholders: ['customer_name'], learnedKeys: ['customer_name'] });
    // A save without learnedKeys (an older renderer) keeps them as they are.
    const untouched = await core.api.saveCatalogAgent({ ...base, name: 'Drafter', placeholders: ['customer_name'] });
    expect(untouched.ok && untouched.value[0]).toMatchObject({ name: 'Drafter', learnedKeys: ['customer_name'] });
    const bad = await core.api.saveCatalogAgent({ ...base, placeholders: [], learnedKeys: 'x' as unknown as string[] });
    expect(!bad.ok && bad.error.field).toBe('learnedKeys');
  });
});
