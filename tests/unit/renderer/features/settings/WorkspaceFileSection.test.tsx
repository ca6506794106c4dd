import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkspaceImportItem, WorkspaceImportRequest } from '../../../../../electron/shared/api';
import { customSummary, FakeApi } from '../../../../support/fakeApi';
import { profileFields } from '../../../../support/workspaceFiles';
import { renderReady } from '../../renderApp';

/** The Settings dialog, opened. */
async function openSettings(fake: FakeApi) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

/** The fake as the desktop app: it is the page's Shell, with its save dialog. */
function desktop(fake: FakeApi): FakeApi {
  return Object.assign(fake, { desktop: true });
}

const FILE = '{ "format": "agent-explorer-workspace", "version": 1 }\n';
const jsonFile = (content = FILE, name = 'team.json') => new File([content], name, { type: 'application/json' });

describe('Export workspace', () => {
  it('saves the file the host made under its name, as JSON, and says what it holds', async () => {
    const fake = desktop(new FakeApi());
    const { user, dialog } = await openSettings(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Export workspace…' }));
    expect(
      await within(dialog).findByText(/^Exported \/home\/user\/Downloads\/agent-explorer-workspace.json\. 0 profiles/),
    ).toHaveAttribute('role', 'status');
    expect(fake.callsOf('saveTextFile')).toEqual([
      {
        suggestedName: 'agent-explorer-workspace.json',
        content: expect.stringContaining('"format": "agent-explorer-workspace"'),
        mediaType: 'application/json',
      },
    ]);
  });

  it('says so when the save dialog was cancelled, and when the host could not export', async () => {
    const fake = desktop(new FakeApi());
    fake.saveResponder = () => ({ ok: true, value: { saved: false, path: null } });
    const { user, dialog } = await openSettings(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Export workspace…' }));
    expect(await within(dialog).findByText('Export cancelled: nothing was saved.')).toBeInTheDocument();
    fake.exportResponder = () => ({
      ok: false,
      error: { code: 'internal', message: 'The workspace could not be read for export: disk gone' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Export workspace…' }));
    expect(await within(dialog).findByText('The workspace could not be read for export: disk gone')).toBeInTheDocument();
  });
});

/** A preview with one new profile, one skipped catalog entry and a clashing tab, answering the choice made. */
function previewWith(request: WorkspaceImportRequest): WorkspaceImportItem[] {
  const tabChoice = request.decisions?.find((d) => d.key === 'tab-key')?.choice ?? request.forAll ?? null;
  return [
    {
      key: 'p',
      kind: 'profile',
      label: 'Profile "Staging"',
      action: 'take',
      detail: 'A new profile, without a key: set its key in Manage profiles.',
      warnings: ['TLS not verified: anyone on the network path could pose as this server.'],
    },
    {
      key: 'c',
      kind: 'catalog',
      label: 'Agent "x" in the catalog of profile "Nobody"',
      action: 'skip',
      detail: 'Not taken: there is no profile named "Nobody" here or in the file.',
      warnings: [],
    },
    {
      key: 'tab-key',
      kind: 'tab',
      label: 'Request tab "Refund check"',
      action: tabChoice === null ? 'conflict' : tabChoice === 'skip' ? 'skip' : 'take',
      detail:
        tabChoice === 'keepBoth'
          ? 'Opens as another request tab; yours stays as it is.'
          : 'This request tab is open here with another draft: choose what to do.',
      conflict: {
        existing: 'A request tab with this id is open here with another draft.',
        choices: ['replace', 'keepBoth', 'skip'],
        chosen: tabChoice,
      },
      warnings: [],
    },
  ];
}

describe('Import workspace', () => {
  it('previews item by item, waits for a choice on each clash, imports, reports, and the new tab appears', async () => {
    const fake = new FakeApi();
    fake.previewResponder = (request) => ({ ok: true, value: { items: previewWith(request), notes: [] } });
    fake.applyResponder = (request) => {
      // As the host does: the profile is saved, the tab merged into the workspace.
      fake.profiles = {
        ...fake.profiles,
        profiles: [...fake.profiles.profiles, customSummary('staging-id', profileFields({ name: 'Staging' }))],
      };
      fake.workspace = {
        ...fake.workspace,
        tabs: [
          ...fake.workspace.tabs,
          { id: 'imported-tab', title: 'Refund check', agentId: 'agent-9', text: 'Is it late?', payloadText: '{}' },
        ],
        revision: (fake.workspace.revision ?? 0) + 1,
      };
      return {
        ok: true,
        value: {
          complete: true,
          items: previewWith(request).map(({ key, kind, label, action, detail }) => ({
            key,
            kind,
            label,
            outcome: action === 'take' ? 'taken' : 'skipped',
            detail,
          })),
        },
      };
    };
    const { user, dialog } = await openSettings(fake);
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), jsonFile());

    const region = await within(dialog).findByRole('region', { name: 'Import team.json' });
    expect(await within(region).findByText('Preview, nothing written yet: 1 to take, 1 to skip, 1 clash to choose for.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(fake.callsOf('previewWorkspaceImport')).toEqual([{ content: FILE, decisions: [] }]);
    expect(within(region).getByRole('heading', { name: 'Profiles (1)' })).toBeInTheDocument();
    expect(within(region).getByText('Not taken: there is no profile named "Nobody" here or in the file.')).toBeInTheDocument();
    expect(within(region).getByText('TLS not verified: anyone on the network path could pose as this server.')).toBeInTheDocument();
    const importButton = within(region).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription('Choose what to do with every clash first (1 left).');

    const choices = within(region).getByRole('group', { name: 'What to do with Request tab "Refund check"' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['replace', 'keepBoth', 'skip']);
    await user.click(within(choices).getByRole('radio', { name: 'Keep both' }));
    await waitFor(() => expect(importButton).toBeEnabled());
    expect(within(choices).getByRole('radio', { name: 'Keep both' })).toBeChecked();
    expect(fake.callsOf('applyWorkspaceImport')).toEqual([]);

    await user.click(importButton);
    expect(fake.callsOf('applyWorkspaceImport')).toEqual([{ content: FILE, decisions: [{ key: 'tab-key', choice: 'keepBoth' }] }]);
    const report = await within(dialog).findByRole('region', { name: 'Import report: team.json' });
    expect(within(report).getByRole('status')).toHaveTextContent('Imported: 2 taken, 1 skipped.');
    expect(within(report).getByRole('heading', { name: 'Import report: team.json' })).toHaveFocus();
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('button', { name: 'Import workspace…' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // What the import changed is asked for again: the profiles, and the open tabs.
    expect(await within(screen.getByRole('combobox', { name: 'Profile' })).findByRole('option', { name: /^Staging/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /^Refund check/ })).toBeInTheDocument();
  });

  it('a profile the import made shows in the Profile selector', async () => {
    const fake = new FakeApi();
    fake.previewResponder = () => ({ ok: true, value: { items: [previewWith({ content: '' })[0]!], notes: [] } });
    fake.applyResponder = () => {
      fake.profiles = {
        ...fake.profiles,
        profiles: [...fake.profiles.profiles, customSummary('staging-id', profileFields({ name: 'Staging' }))],
      };
      return {
        ok: true,
        value: {
          complete: true,
          items: [{ key: 'p', kind: 'profile', label: 'Profile "Staging"', outcome: 'taken', detail: 'A new profile.' }],
        },
      };
    };
    const { user, dialog } = await openSettings(fake);
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), jsonFile());
    const importButton = await within(dialog).findByRole('button', { name: 'Import' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(screen.getByRole('combobox', { name: 'Profile' })).findByRole('option', { name: /^Staging/ })).toBeInTheDocument();
  });

  it('"for every clash" applies one choice to all of them', async () => {
    const fake = new FakeApi();
    fake.previewResponder = (request) => ({ ok: true, value: { items: previewWith(request), notes: [] } });
    const { user, dialog } = await openSettings(fake);
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), jsonFile());
    const forAll = await within(dialog).findByRole('group', { name: 'For every clash' });
    await user.click(within(forAll).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled());
    expect(within(forAll).getByRole('button', { name: 'Skip' })).toHaveAttribute('aria-pressed', 'true');
    expect(fake.callsOf('previewWorkspaceImport').at(-1)).toEqual({ content: FILE, decisions: [], forAll: 'skip' });
  });

  it('tells a file that is not a workspace file, and one too large, without importing anything', async () => {
    const fake = new FakeApi();
    fake.previewResponder = () => ({
      ok: false,
      error: { code: 'not_json', problem: 'not_json', message: 'The file is not JSON (Unexpected end of JSON input).' },
    });
    const { user, dialog } = await openSettings(fake);
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), jsonFile('{', 'broken.json'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is not JSON (Unexpected end of JSON input).');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    const huge = jsonFile('{}', 'huge.json');
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), huge);
    expect(
      await within(dialog).findByText('huge.json is larger than 5 MB, the most a workspace file may be: nothing was imported.'),
    ).toHaveAttribute('role', 'alert');
    expect(fake.callsOf('previewWorkspaceImport')).toHaveLength(1);
    expect(fake.callsOf('applyWorkspaceImport')).toEqual([]);
  });

  it('reports exactly what was not taken when a write failed', async () => {
    const fake = new FakeApi();
    fake.previewResponder = () => ({ ok: true, value: { items: [previewWith({ content: '' })[0]!], notes: [] } });
    fake.applyResponder = () => ({
      ok: true,
      value: {
        complete: false,
        items: [
          {
            key: 'p',
            kind: 'profile',
            label: 'Profile "Staging"',
            outcome: 'failed',
            detail: 'Not taken: the profile could not be saved (disk full).',
          },
        ],
      },
    });
    const { user, dialog } = await openSettings(fake);
    await user.upload(within(dialog).getByLabelText('Workspace file to import'), jsonFile());
    const importButton = await within(dialog).findByRole('button', { name: 'Import' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not everything was imported: 0 taken, 0 skipped, 1 not taken (see why below).',
    );
    expect(within(dialog).getByText('Not taken: the profile could not be saved (disk full).')).toBeInTheDocument();
  });
});
