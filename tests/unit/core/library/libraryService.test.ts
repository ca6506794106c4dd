import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../../electron/core/bootstrap';
import { parsePastedIds } from '../../../../electron/core/library/librarySchema';
import { SANDBOX_GUIDELINES } from '../../../../electron/sandbox/catalog';
import { dispatch } from '../../../../electron/core/validate';

/** The library through the contract, on a real core (its Sandbox and a history file). */

const [ESCALATION, TONE, RETENTION] = SANDBOX_GUIDELINES.map((g) => g.id) as [string, string, string];

let opened: { core: Core; dir: string } | null = null;
afterEach(async () => {
  if (!opened) return;
  await opened.core.close();
  rmSync(opened.dir, { recursive: true, force: true });
  opened = null;
});

async function start(): Promise<Core> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-library-core-'));
  const core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: dir, sandboxLatency: 'none' });
  opened = { core, dir };
  return core;
}

describe('pasted guideline ids', () => {
  it('takes ids one per line, comma separated, or inside links, and says why each other item is refused', () => {
    const pasted = [
      `${ESCALATION.toUpperCase()}`,
      `${TONE}, https://platform.example.com/api/guideline/${RETENTION}/`,
      'https://platform.example.com/guidelines',
      'notes:',
      `${TONE}`,
      `x${ESCALATION}`,
      `https://x.example/${ESCALATION}/compare/${TONE}`,
    ].join('\n');
    expect(parsePastedIds(pasted).map((item) => [item.input, item.guidelineId, item.refusal === null ? 'taken' : item.refusal])).toEqual([
      [ESCALATION.toUpperCase(), ESCALATION, 'taken'],
      [TONE, TONE, 'taken'],
      [`https://platform.example.com/api/guideline/${RETENTION}/`, RETENTION, 'taken'],
      ['https://platform.example.com/guidelines', null, expect.stringContaining('This link holds no guideline id')],
      ['notes:', null, expect.stringContaining('This is not a guideline id')],
      [TONE, TONE, 'It is listed twice in this paste.'],
      [`x${ESCALATION}`, null, expect.stringContaining('more than an id')],
      [`https://x.example/${ESCALATION}/compare/${TONE}`, null, expect.stringContaining('more than one guideline id')],
    ]);
  });
});

describe('the guideline library through the contract', () => {
  it('keeps every guideline read in its profile library, and a version only when it changed', async () => {
    const core = await start();
    const profileId = (await core.api.listProfiles()).activeProfileId;
    expect(await core.api.listGuidelineLibrary({ profileId })).toEqual({ ok: true, value: [] });
    await core.api.getGuideline({ guidelineId: ESCALATION });
    await core.api.getGuideline({ guidelineId: ` ${ESCALATION.toUpperCase()} ` });
    const library = await core.api.listGuidelineLibrary({ profileId });
    expect(library.ok && library.value.map((e) => [e.guidelineId, e.name, e.latestVersion])).toEqual([
      [ESCALATION, 'Escalation policy', 1],
    ]);
    const versions = await core.api.listGuidelineVersions({ profileId, guidelineId: ESCALATION });
    expect(versions.ok && versions.value).toHaveLength(1);
  });

  it('adds a pasted list, fetching the new ids, and reports each item', async () => {
    const core = await start();
    const profileId = (await core.api.listProfiles()).activeProfileId;
    await core.api.getGuideline({ guidelineId: ESCALATION });
    const missing = '00000000-0000-4000-8000-000000000000';
    const report = await core.api.addToGuidelineLibrary({ profileId, text: `${ESCALATION}\n${TONE}, ${missing}\nhello` });
    if (!report.ok) throw new Error(report.error.message);
    expect(report.value.items.map((item) => [item.input, item.outcome, item.message])).toEqual([
      [ESCALATION, 'present', 'Already in the library.'],
      [TONE, 'added', 'Added: Tone of voice.'],
      [missing, 'added', expect.stringMatching(/^Added, but not fetched yet: /)],
      ['hello', 'refused', expect.stringContaining('not a guideline id')],
    ]);
    expect(report.value.library.map((e) => e.name ?? e.guidelineId)).toEqual([missing, 'Escalation policy', 'Tone of voice']);
    const removed = await core.api.removeFromGuidelineLibrary({ profileId, guidelineIds: [missing] });
    expect(removed.ok && removed.value.map((e) => e.guidelineId)).toEqual([ESCALATION, TONE]);
  });

  it('answers the last kept copy, with when it was fetched, once the server is down', async () => {
    const core = await start();
    const profileId = (await core.api.listProfiles()).activeProfileId;
    expect((await core.api.getGuideline({ guidelineId: ESCALATION })).ok).toBe(true);
    await core.sandbox.close();
    const offline = await core.api.getGuideline({ guidelineId: ESCALATION });
    expect(!offline.ok && offline.error.code).toBe('network');
    const copy = await core.api.getGuidelineVersion({ profileId, guidelineId: ESCALATION });
    if (!copy.ok) throw new Error(copy.error.message);
    expect(copy.value.guideline.name).toBe('Escalation policy');
    expect(copy.value.guideline.content).toContain('escalat');
    expect(Date.parse(copy.value.version.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(copy.value.entry.fetchedAt).toBe(copy.value.version.fetchedAt);
    const none = await core.api.getGuidelineVersion({ profileId, guidelineId: TONE });
    expect(!none.ok && none.error).toEqual({
      code: 'invalid_argument',
      message: `No copy of guideline ${TONE} is kept: it was never fetched on this profile.`,
    });
  });

  it('searches, pins, labels and marks read; refuses a profile that does not exist and fields it does not know', async () => {
    const core = await start();
    const profileId = (await core.api.listProfiles()).activeProfileId;
    await core.api.getGuideline({ guidelineId: ESCALATION });
    await core.api.getGuideline({ guidelineId: TONE });
    const labelled = await core.api.setLibraryGuidelineLabels({
      profileId,
      guidelineId: TONE,
      title: '  Voice  ',
      tags: [' tone ', 'Tone', '', 'style'],
    });
    expect(labelled.ok && [labelled.value.title, labelled.value.tags]).toEqual(['Voice', ['tone', 'style']]);
    expect((await core.api.pinLibraryGuideline({ profileId, guidelineId: TONE, pinned: true })).ok).toBe(true);
    const read = await core.api.markGuidelineRead({ profileId, guidelineId: ESCALATION });
    expect(read.ok && read.value.readAt).toEqual(expect.any(String));
    const hits = await core.api.searchGuidelineLibrary({ profileId, text: 'style' });
    expect(hits.ok && hits.value.map((h) => h.entry.guidelineId)).toEqual([TONE]);
    expect(await core.api.listGuidelineLibrary({ profileId: 'nobody' })).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'There is no profile "nobody".' },
    });
    expect(await dispatch(core.api, 'searchGuidelineLibrary', { profileId, text: 'x', rank: 'bm25' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(
      await dispatch(core.api, 'setLibraryGuidelineLabels', { profileId, guidelineId: TONE, title: 'x', tags: ['a'.repeat(41)] }),
    ).toMatchObject({ ok: false });
  });
});
