import { describe, expect, it } from 'vitest';
import { catalogDocument, workspaceDocument } from '../../../../electron/core/workspace/appStores';
import type { JsonDocument } from '../../../../electron/core/storage/jsonDocument';
import { MAX_WORKSPACE_FILE_BYTES } from '../../../../electron/shared/api';
import {
  decide,
  fileAgent,
  fileTab,
  itemLabelled,
  profileFields,
  workspaceFileHarness,
  workspaceFileText,
} from '../../../support/workspaceFiles';

describe('a file that cannot be imported at all gets its own error', () => {
  const cases: [string, string, string, RegExp][] = [
    ['not JSON', '{ "format": "agent-explorer-workspace", ', 'not_json', /not JSON/],
    ['JSON of another kind', '{ "name": "a package.json" }', 'wrong_format', /not an Agent Explorer workspace file/],
    ['a list', '[]', 'wrong_format', /not an Agent Explorer workspace file/],
    ['no version', '{ "format": "agent-explorer-workspace" }', 'wrong_format', /no valid "version"/],
    [
      'a newer version',
      '{ "format": "agent-explorer-workspace", "version": 3 }',
      'newer_version',
      /newer Agent Explorer \(workspace file version 3\); this one reads versions up to 2/,
    ],
    ['profiles that are not a list', workspaceFileText({ profiles: {} as never }), 'invalid', /"profiles" in the file must be a list/],
    ['too large', `${workspaceFileText().slice(0, -2)}${' '.repeat(MAX_WORKSPACE_FILE_BYTES)}}`, 'too_large', /larger than 5 MB/],
  ];
  for (const [what, content, problem, message] of cases) {
    it(`${what}: ${problem}, and nothing is written`, async () => {
      const { methods, profiles } = workspaceFileHarness();
      const preview = await methods.previewWorkspaceImport({ content });
      expect(!preview.ok && preview.error.problem).toBe(problem);
      expect(!preview.ok && preview.error.message).toMatch(message);
      const applied = await methods.applyWorkspaceImport({ content });
      expect(!applied.ok && applied.error.problem).toBe(problem);
      expect((await profiles.list()).length).toBe(1);
    });
  }
});

describe('every item is checked, and one that is not valid is skipped with the reason', () => {
  it('says per item what is taken, what is skipped and why', async () => {
    const { methods, profiles, catalog, workspace } = workspaceFileHarness();
    const content = workspaceFileText({
      profiles: [
        { ...profileFields({ name: 'Good' }), apiKey: 'should-never-be-read' },
        profileFields({ name: 'Bad URL', baseUrl: 'ftp://files.example.com' }),
        profileFields({ name: 'Bad header', auth: { kind: 'header', header: 'Content-Type' } }),
        profileFields({ name: 'good' }),
        { name: 'Half' },
        profileFields({ name: 'Lost CA', tls: { verify: true, caFile: '/no/such/ca.pem' } }),
      ],
      catalog: [
        {
          profile: 'Good',
          agents: [
            fileAgent('ok'),
            fileAgent('bad', { placeholders: ['has space'] }),
            fileAgent('ok'),
            fileAgent('learned', { learnedKeys: ['{x}'] }),
          ],
        },
        { profile: 'Nobody', agents: [fileAgent('orphan')] },
        { profile: 'Bad URL', agents: [fileAgent('of-a-bad-profile')] },
        { agents: 'not a list' },
      ],
      tabs: [
        fileTab('t1', { profile: 'Good' }),
        fileTab('t2', { text: 42 }),
        fileTab('t1'),
        fileTab('t3', { profile: 'Nobody' }),
        fileTab('t4', { profile: 'Sandbox' }),
      ],
    });
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    const row = (label: string) => {
      const item = itemLabelled(preview.value.items, label);
      return [item.action, item.detail];
    };
    expect(row('Profile "Good"')).toEqual(['take', 'A new profile, without a key: set its key in Manage profiles.']);
    expect(itemLabelled(preview.value.items, 'Profile "Good"').warnings).toEqual([
      'Ignored what this version does not know: "apiKey".',
      'A key is never imported from a file: set it in Manage profiles.',
    ]);
    expect(row('Profile "Bad URL"')).toEqual(['skip', 'Only https: URLs are allowed, not ftp:.']);
    expect(row('Profile "Bad header"')).toEqual(['skip', 'The key cannot be sent in the Content-Type header.']);
    expect(row('Profile "good"')).toEqual([
      'skip',
      'The file has another profile named "Good" before this one.'.replace('"Good"', '"good"'),
    ]);
    expect(row('Profile "Half"')[1]).toMatch(/not in the expected shape: a profile needs name, baseUrl/);
    expect(row('Profile "Lost CA"')[0]).toBe('take');
    // The preview touches no CA file: it says the file is read on import (workspaceFileService.caFiles.test.ts).
    expect(itemLabelled(preview.value.items, 'Profile "Lost CA"').warnings[0]).toMatch(
      /^Also trusts the CA certificates in \/no\/such\/ca.pem. It is read only when you import/,
    );
    expect(row('Agent "ok" in the catalog of profile "Good"')).toEqual(['take', 'Added to the catalog of "Good".']);
    expect(row('Agent "bad" in the catalog of profile "Good"')).toEqual([
      'skip',
      '"has space" is not a placeholder name (no spaces or braces).',
    ]);
    expect(row('Agent "learned" in the catalog of profile "Good"')).toEqual([
      'skip',
      'Its learned keys are not all placeholder names (no spaces or braces).',
    ]);
    expect(row('Agent "orphan" in the catalog of profile "Nobody"')).toEqual([
      'skip',
      'Not taken: there is no profile named "Nobody" here or in the file.',
    ]);
    expect(row('Agent "of-a-bad-profile" in the catalog of profile "Bad URL"')[1]).toMatch(
      /^Not taken: its profile "Bad URL" in the file is not taken \(Only https:/,
    );
    expect(row('The catalog of catalog group 4')[1]).toMatch(/a catalog group needs "profile"/);
    expect(row('Request tab "agent-1"')).toEqual(['take', 'Opens as a new request tab for profile "Good".']);
    expect(preview.value.items.filter((item) => item.label === 'Request tab "agent-1"').map((item) => item.detail)).toEqual([
      'Opens as a new request tab for profile "Good".',
      expect.stringMatching(/^It is not in the expected shape: a request tab needs/),
      'The file has another request tab with this id before this one.',
      'Not taken: there is no profile named "Nobody" here or in the file.',
      'Opens as a new request tab for profile "Sandbox".',
    ]);
    // The second "ok" entry is a duplicate within the group.
    expect(
      preview.value.items.filter((item) => item.kind === 'catalog' && item.label.startsWith('Agent "ok"')).map((item) => item.action),
    ).toEqual(['take', 'skip']);

    // A preview writes nothing.
    expect((await profiles.list()).map((p) => p.name)).toEqual(['Sandbox']);
    expect(await catalog.read()).toEqual({});
    expect((await workspace.read()).tabs).toEqual([]);

    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    expect(report.value.complete).toBe(true);
    expect(report.value.items.filter((item) => item.outcome === 'taken').map((item) => item.label)).toEqual([
      'Profile "Good"',
      'Profile "Lost CA"',
      'Agent "ok" in the catalog of profile "Good"',
      'Request tab "agent-1"',
      'Request tab "agent-1"',
    ]);
    const saved = await profiles.list();
    const good = saved.find((p) => p.name === 'Good')!;
    expect(saved.find((p) => p.name === 'Lost CA')!.tls.caFile).toBeNull();
    expect(report.value.items.find((item) => item.label === 'Profile "Lost CA"')!.detail).toContain(
      'Its CA file was left out: /no/such/ca.pem does not exist.',
    );
    expect((await catalog.read())[good.id]!.map((entry) => entry.agentId)).toEqual(['ok']);
    expect((await workspace.read()).tabs.map((tab) => [tab.id, tab.profileId])).toEqual([
      ['t1', good.id],
      ['t4', 'sandbox'],
    ]);
    expect(JSON.stringify(saved)).not.toContain('should-never-be-read');
  });

  it('takes no more tabs than can be open, and says why the rest were not taken', async () => {
    const { methods, workspace } = workspaceFileHarness();
    await workspace.update(() => ({
      tabs: Array.from({ length: 49 }, (_, i) => ({ id: `open-${i}`, title: '', agentId: 'a', text: 'x', payloadText: '{}' })),
      activeTabId: 'open-0',
      revision: 1,
    }));
    const preview = await methods.previewWorkspaceImport({ content: workspaceFileText({ tabs: [fileTab('n1'), fileTab('n2')] }) });
    expect(preview.ok && preview.value.items.map((item) => [item.action, item.detail])).toEqual([
      ['take', 'Opens as a new request tab (for the profile active when it is sent).'],
      ['skip', 'At most 50 request tabs can be open: close some, then import again.'],
    ]);
  });
});

describe('clashes with what is here are never settled without a choice', () => {
  async function clashing() {
    const harness = workspaceFileHarness();
    const mine = await harness.addProfile('mine-id', profileFields({ name: 'Staging', baseUrl: 'https://old.example.com' }));
    await harness.secrets.set(mine.id, 'MY-KEY-0123456789', 'https://old.example.com');
    await harness.catalog.update(() => ({
      [mine.id]: [{ ...fileAgent('agent-1', { name: 'Mine', notes: 'my notes', tags: ['a'] }), updatedAt: '2026-01-01T00:00:00.000Z' }],
    }));
    await harness.workspace.update(() => ({
      tabs: [{ id: 'tab-1', title: 'Mine', agentId: 'agent-1', text: 'my draft', payloadText: '{}', profileId: mine.id }],
      activeTabId: 'tab-1',
      revision: 3,
    }));
    const content = workspaceFileText({
      profiles: [
        profileFields({ name: 'staging', baseUrl: 'https://new.example.com', timeoutMs: 30_000 }),
        profileFields({ name: 'Sandbox' }),
      ],
      catalog: [{ profile: 'Staging', agents: [fileAgent('agent-1', { name: 'Theirs', notes: 'their notes', tags: ['b'] })] }],
      tabs: [fileTab('tab-1', { title: 'Theirs', text: 'their draft', profile: 'Staging' })],
    });
    return { ...harness, mine, content };
  }

  it('shows each clash, how it differs and its choices; what belongs to an undecided profile waits', async () => {
    const { methods, content } = await clashing();
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    const staging = itemLabelled(preview.value.items, 'Profile "staging"');
    expect(staging.action).toBe('conflict');
    expect(staging.conflict).toEqual({
      existing:
        'Your profile "Staging" differs: name Staging here, staging in the file; base URL https://old.example.com here, https://new.example.com in the file; time-out 60 s here, 30 s in the file.',
      choices: ['replace', 'keepBoth', 'skip'],
      chosen: null,
    });
    expect(itemLabelled(preview.value.items, 'Profile "Sandbox"').conflict?.choices).toEqual(['keepBoth', 'skip']);
    expect(itemLabelled(preview.value.items, 'Agent "agent-1" ("Theirs") in the catalog of profile "Staging"')).toMatchObject({
      action: 'waiting',
      detail: 'It belongs to profile "staging", which needs a choice first.',
    });
    expect(itemLabelled(preview.value.items, 'Request tab "Theirs"').action).toBe('waiting');
  });

  it('an open request tab and a catalog entry are never replaced without their own choice', async () => {
    const { methods, content, catalog, workspace } = await clashing();
    const request = {
      content,
      decisions: [
        { key: JSON.stringify(['profile', 'staging']), choice: 'skip' as const },
        { key: JSON.stringify(['profile', 'sandbox']), choice: 'skip' as const },
      ],
    };
    const preview = await methods.previewWorkspaceImport(request);
    if (!preview.ok) throw new Error(preview.error.message);
    expect(itemLabelled(preview.value.items, 'Request tab "Theirs"')).toMatchObject({
      action: 'conflict',
      conflict: {
        existing: 'A request tab with this id is open here with another draft.',
        choices: ['replace', 'keepBoth', 'skip'],
        chosen: null,
      },
    });
    expect(itemLabelled(preview.value.items, 'Agent "agent-1" ("Theirs") in the catalog of profile "Staging"').action).toBe('conflict');
    const before = JSON.stringify([await catalog.read(), await workspace.read()]);
    const applied = await methods.applyWorkspaceImport(request);
    expect(!applied.ok && applied.error.problem).toBe('undecided');
    expect(JSON.stringify([await catalog.read(), await workspace.read()])).toBe(before);
  });

  it('refuses to import while a clash has no choice, and writes nothing', async () => {
    const { methods, content, profiles, catalog, workspace } = await clashing();
    const before = JSON.stringify([await profiles.list(), await catalog.read(), await workspace.read()]);
    const applied = await methods.applyWorkspaceImport({ content });
    expect(!applied.ok && applied.error).toMatchObject({ code: 'invalid_argument', problem: 'undecided' });
    expect(!applied.ok && applied.error.message).toMatch(/^4 items still need a choice .*nothing was imported/);
    expect(JSON.stringify([await profiles.list(), await catalog.read(), await workspace.read()])).toBe(before);
  });

  it('replace: the profile takes the file settings (its key cleared, as the server moved), the entry and the tab are replaced', async () => {
    const { methods, content, profiles, secrets, catalog, workspace, mine, tabChanges } = await clashing();
    const first = await methods.previewWorkspaceImport({
      content,
      decisions: [{ key: JSON.stringify(['profile', 'staging']), choice: 'replace' }],
    });
    if (!first.ok) throw new Error(first.error.message);
    expect(itemLabelled(first.value.items, 'Profile "staging"').warnings).toContain(
      'Its key will be cleared: the server changes to https://new.example.com, and a key is sent only to the server it was given for.',
    );
    const request = {
      ...decide(first.value.items, content, {
        'Profile "staging"': 'replace',
        'Profile "Sandbox"': 'skip',
        'Agent "agent-1" ("Theirs") in the catalog of profile "Staging"': 'replace',
        'Request tab "Theirs"': 'replace',
      }),
    };
    const report = await methods.applyWorkspaceImport(request);
    if (!report.ok) throw new Error(report.error.message);
    expect(report.value.items.map((item) => [item.label, item.outcome])).toEqual([
      ['Profile "staging"', 'taken'],
      ['Profile "Sandbox"', 'skipped'],
      ['Agent "agent-1" ("Theirs") in the catalog of profile "Staging"', 'taken'],
      ['Request tab "Theirs"', 'taken'],
    ]);
    expect(report.value.items[0]!.detail).toMatch(/Its key was cleared: set it again for the new server.$/);
    expect(await profiles.get(mine.id)).toMatchObject({ name: 'staging', baseUrl: 'https://new.example.com', timeoutMs: 30_000 });
    expect((await secrets.status(mine.id)).set).toBe(false);
    expect((await catalog.read())[mine.id]).toEqual([
      { ...fileAgent('agent-1', { name: 'Theirs', notes: 'their notes', tags: ['b'] }), updatedAt: '2026-01-02T03:04:05.000Z' },
    ]);
    const tabs = (await workspace.read()).tabs;
    expect(tabs).toEqual([
      { id: 'tab-1', title: 'Theirs', agentId: 'agent-1', text: 'their draft', payloadText: '{}', profileId: mine.id },
    ]);
    // Stamped as a change: a page still editing its old draft keeps its text in a tab of its own.
    expect(tabChanges.get('tab-1')).toEqual({ revision: 4, writer: 'workspace-file-import' });
  });

  it('keep both: a renamed profile with what the file has, a merged catalog entry, the tab beside yours', async () => {
    const { methods, content, profiles, secrets, catalog, workspace, mine } = await clashing();
    const first = await methods.previewWorkspaceImport({ content, forAll: 'keepBoth' });
    if (!first.ok) throw new Error(first.error.message);
    // The profile's choice made, what belongs to it is known: a new profile's catalog has no clash.
    expect(first.value.items.map((item) => [item.label, item.action, item.detail])).toEqual([
      ['Profile "staging"', 'take', 'Added as a new profile named "staging (2)", without a key; yours stays as it is.'],
      ['Profile "Sandbox"', 'take', 'Added as a new profile named "Sandbox (2)", without a key; yours stays as it is.'],
      ['Agent "agent-1" ("Theirs") in the catalog of profile "Staging"', 'take', 'Added to the catalog of "staging (2)".'],
      ['Request tab "Theirs"', 'take', 'Opens as another request tab for profile "staging (2)"; yours stays as it is.'],
    ]);
    const report = await methods.applyWorkspaceImport({ content, forAll: 'keepBoth' });
    expect(report.ok && report.value.complete).toBe(true);
    const copy = (await profiles.list()).find((p) => p.name === 'staging (2)')!;
    expect(copy.baseUrl).toBe('https://new.example.com');
    expect((await secrets.status(mine.id)).set).toBe(true);
    expect((await catalog.read())[copy.id]!.map((e) => e.name)).toEqual(['Theirs']);
    expect((await catalog.read())[mine.id]!.map((e) => e.name)).toEqual(['Mine']);
    const tabs = (await workspace.read()).tabs;
    expect(tabs.map((tab) => tab.text)).toEqual(['my draft', 'their draft']);
    expect(tabs[1]!.id).not.toBe('tab-1');
    expect(tabs[1]!.profileId).toBe(copy.id);
  });

  it('keep both for a catalog entry merges: your name and notes stay, the file notes go below, lists are joined', async () => {
    const { methods, content, catalog, mine } = await clashing();
    const request = {
      content,
      decisions: [{ key: JSON.stringify(['profile', 'staging']), choice: 'skip' as const }],
      forAll: 'keepBoth' as const,
    };
    const preview = await methods.previewWorkspaceImport(request);
    if (!preview.ok) throw new Error(preview.error.message);
    expect(itemLabelled(preview.value.items, 'Profile "staging"').detail).toBe(
      'Your profile "Staging" stays as it is; what the file has for this profile goes to it.',
    );
    expect(itemLabelled(preview.value.items, 'Agent "agent-1" ("Theirs") in the catalog of profile "Staging"').conflict).toEqual({
      existing: 'Your catalog of "Staging" has an entry for this agent ("Mine") that differs.',
      choices: ['replace', 'keepBoth', 'skip'],
      chosen: 'keepBoth',
    });
    const report = await methods.applyWorkspaceImport(request);
    expect(report.ok && report.value.complete).toBe(true);
    expect((await catalog.read())[mine.id]![0]).toMatchObject({ name: 'Mine', notes: 'my notes\n\ntheir notes', tags: ['a', 'b'] });
  });

  it('skip: everything here stays as it was', async () => {
    const { methods, content, profiles, catalog, workspace } = await clashing();
    const before = JSON.stringify([await profiles.list(), await catalog.read(), (await workspace.read()).tabs]);
    const report = await methods.applyWorkspaceImport({ content, forAll: 'skip' });
    expect(report.ok && report.value.items.map((item) => item.outcome)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(JSON.stringify([await profiles.list(), await catalog.read(), (await workspace.read()).tabs])).toBe(before);
  });
});

describe('a write that fails is reported exactly', () => {
  it('says what was taken and what was not, and why', async () => {
    const real = catalogDocument(null);
    const failing: JsonDocument<Awaited<ReturnType<typeof real.read>>> = {
      read: () => real.read(),
      update: async () => {
        throw new Error('disk full');
      },
    };
    const { methods, profiles, workspace } = workspaceFileHarness({ catalog: failing, workspace: workspaceDocument(null) });
    const content = workspaceFileText({
      profiles: [profileFields({ name: 'New one' })],
      catalog: [{ profile: 'New one', agents: [fileAgent('a'), fileAgent('b')] }],
      tabs: [fileTab('t1', { profile: 'New one' })],
    });
    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    expect(report.value.complete).toBe(false);
    expect(report.value.items.map((item) => [item.label, item.outcome, item.detail])).toEqual([
      ['Profile "New one"', 'taken', 'A new profile, without a key: set its key in Manage profiles.'],
      ['Agent "a" in the catalog of profile "New one"', 'failed', 'Not taken: the catalog could not be written (disk full).'],
      ['Agent "b" in the catalog of profile "New one"', 'failed', 'Not taken: the catalog could not be written (disk full).'],
      ['Request tab "agent-1"', 'taken', 'Opens as a new request tab for profile "New one".'],
    ]);
    expect((await profiles.list()).map((p) => p.name)).toEqual(['Sandbox', 'New one']);
    expect((await workspace.read()).tabs.map((tab) => tab.id)).toEqual(['t1']);
  });

  it('what belongs to a profile that could not be saved is not taken either', async () => {
    const { methods, profiles } = workspaceFileHarness();
    const save = profiles.save.bind(profiles);
    profiles.save = async (profile) => (profile.name === 'Broken' ? Promise.reject(new Error('read-only folder')) : save(profile));
    const content = workspaceFileText({ profiles: [profileFields({ name: 'Broken' })], tabs: [fileTab('t1', { profile: 'Broken' })] });
    const report = await methods.applyWorkspaceImport({ content });
    expect(report.ok && report.value.items.map((item) => [item.outcome, item.detail])).toEqual([
      ['failed', 'Not taken: the profile could not be saved (read-only folder).'],
      ['failed', 'Not taken: the profile it belongs to could not be saved.'],
    ]);
  });
});

describe('the import request is checked at the boundary', () => {
  it('refuses anything but { content, decisions?, forAll? } of the right types', async () => {
    const { validateWorkspaceImportRequest: check } = await import('../../../../electron/core/workspace/workspaceFileValidate');
    expect(check({ content: 'x', decisions: [{ key: 'k', choice: 'skip' }], forAll: 'replace' }).ok).toBe(true);
    for (const bad of [
      null,
      'text',
      { content: 1 },
      { content: 'x', extra: 1 },
      { content: 'x', forAll: 'overwrite' },
      { content: 'x', decisions: [{ key: 'k', choice: 'all' }] },
      { content: 'x', decisions: [{ key: 'k', choice: 'skip', more: 1 }] },
      { content: 'x', decisions: {} },
    ]) {
      expect(check(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});
