import { screen, waitFor, within } from '@testing-library/react';
import type { Guideline } from '../../../../../../electron/shared/api';
import { exchange, FakeApi } from '../../../../../support/fakeApi';
import { renderReady } from '../../../renderApp';

/**
 * The Guidelines section's library: every guideline read is listed, searchable, and
 * can be added by paste, pinned, labelled and removed; opening one shows it in the reader.
 */

const ESCALATION = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const TONE = 'b4f8a2c6-1e93-4d7b-8f20-6c5a9e3d1b84';
const RETENTION = '2a9c5e7f-8d14-4b36-a7e9-3f1b6d0c8a52';

/** A fake whose guidelines answer by id, editable by the test. */
function fakeWithGuidelines() {
  const fake = new FakeApi();
  const served = new Map<string, Guideline>([
    [
      ESCALATION,
      {
        name: 'Escalation policy',
        description: 'When to escalate.',
        content: '# Escalation policy\n\nEscalate a refund over 500 euros to a supervisor.',
      },
    ],
    [TONE, { name: 'Tone of voice', description: 'How we write.', content: 'Write plainly and kindly.' }],
    [RETENTION, { name: 'Data retention', description: 'Keeping data.', content: 'Delete personal data after 30 days.' }],
  ]);
  fake.guidelineResponder = ({ guidelineId }) => {
    const guideline = served.get(guidelineId);
    return guideline
      ? { ok: true, value: { guideline: structuredClone(guideline), exchange: exchange({ method: 'GET', status: 200 }) } }
      : {
          ok: false,
          error: { code: 'http_status', message: 'The server answered 404 Not Found.', exchange: exchange({ method: 'GET', status: 404 }) },
        };
  };
  return { fake, served };
}

async function openGuidelines(fake: FakeApi) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'Guidelines' }));
  return rendered;
}

const library = () => screen.getByRole('list', { name: 'Guidelines in the library' });

async function openById(user: Awaited<ReturnType<typeof openGuidelines>>['user'], id: string) {
  const field = screen.getByRole('combobox', { name: 'Guideline' });
  await user.clear(field);
  await user.type(field, id);
  await user.click(screen.getByRole('button', { name: 'Open guideline' }));
}

describe('the guideline library', () => {
  it('lists every guideline read, with its description and when it was fetched, and opens one in the reader', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    expect(screen.getByText(/No guidelines yet/)).toBeInTheDocument();
    await openById(user, ESCALATION);
    await openById(user, TONE);
    await screen.findByRole('list', { name: 'Guidelines in the library' });
    await waitFor(() =>
      expect(
        within(library())
          .getAllByRole('button', { name: /^Read / })
          .map((b) => b.textContent),
      ).toEqual(['Escalation policy', 'Tone of voice']),
    );
    const escalation = within(library()).getByRole('button', { name: 'Read Escalation policy' }).closest('li')!;
    expect(within(escalation).getByText('When to escalate.')).toBeInTheDocument();
    expect(within(escalation).getByText(/^Fetched/)).toBeInTheDocument();

    await user.click(within(library()).getByRole('button', { name: 'Read Escalation policy' }));
    expect(screen.getByRole('combobox', { name: 'Guideline' })).toHaveValue(ESCALATION);
    const reader = screen.getByRole('region', { name: 'Guideline' });
    expect(await within(reader).findByText('Escalate a refund over 500 euros to a supervisor.')).toBeInTheDocument();
  });

  it('says, in words, that a guideline changed since it was last read', async () => {
    const { fake, served } = fakeWithGuidelines();
    const { user, queryClient } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    await within(await screen.findByRole('list', { name: 'Guidelines in the library' })).findByRole('button', {
      name: 'Read Escalation policy',
    });
    expect(screen.queryByText('Changed since you last read it')).toBeNull();
    // Read from the library (the version kept so far is the one read), then a new version fetched where
    // no one reads it (its tab closed; another page read it): the library says it changed.
    await user.click(within(library()).getByRole('button', { name: 'Read Escalation policy' }));
    // (The first open asked too, before the guideline was in the library: refused, nothing to read.)
    await waitFor(() => expect(fake.callsOf('markGuidelineRead')).toHaveLength(2));
    within(screen.getByRole('tablist', { name: 'Open guidelines' }))
      .getByRole('tab', { name: /Escalation policy/ })
      .focus();
    await user.keyboard('{Delete}');
    served.set(ESCALATION, { ...served.get(ESCALATION)!, content: 'Escalate every refund to a supervisor.' });
    await fake.getGuideline({ guidelineId: ESCALATION, profileId: 'sandbox' });
    await queryClient.invalidateQueries();
    const row = () => within(library()).getByRole('button', { name: 'Read Escalation policy' }).closest('li')!;
    expect(await within(row()).findByText('Changed since you last read it')).toBeInTheDocument();
    expect(within(row()).getByText(/2 versions kept/)).toBeInTheDocument();
    // Reading it is what clears it.
    await user.click(within(library()).getByRole('button', { name: 'Read Escalation policy' }));
    await waitFor(() => expect(within(row()).queryByText('Changed since you last read it')).toBeNull());
  });

  it('searches names, descriptions and content, best first, with the matching words marked', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    await openById(user, RETENTION);
    await within(await screen.findByRole('list', { name: 'Guidelines in the library' })).findByRole('button', {
      name: 'Read Data retention',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search guidelines' }), 'supervisor');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('button', { name: /^Read / })
          .map((b) => b.textContent),
      ).toEqual(['Escalation policy']),
    );
    const marks = results.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['supervisor']);
    expect(screen.getByText('1 match, best first.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search guidelines' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search guidelines' }), 'walrus');
    expect(await screen.findByText('No guideline matches.')).toBeInTheDocument();
  });

  it('adds a pasted list, fetching the new ids, and says what it refused and why', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await user.click(screen.getByText('Add guidelines by id'));
    const field = screen.getByRole('textbox', { name: 'Guideline ids or links' });
    await user.click(field);
    await user.paste(`${TONE}, https://platform.example.com/api/guideline/${RETENTION}/\nnot-an-id`);
    await user.click(screen.getByRole('button', { name: 'Add to library' }));
    expect(await screen.findByText('2 added, 1 refused.')).toBeInTheDocument();
    const report = screen.getByRole('list', { name: 'What was added' });
    expect(within(report).getByText(/This is not a guideline id/)).toBeInTheDocument();
    expect(within(report).getByText(/Added: Tone of voice\./)).toBeInTheDocument();
    expect(field).toHaveValue('not-an-id');
    await waitFor(() =>
      expect(
        within(library())
          .getAllByRole('button', { name: /^Read / })
          .map((b) => b.textContent),
      ).toEqual(['Data retention', 'Tone of voice']),
    );
  });

  it('pins, labels (the server name still shown) and removes after confirming', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    await openById(user, TONE);
    await within(await screen.findByRole('list', { name: 'Guidelines in the library' })).findByRole('button', {
      name: 'Read Tone of voice',
    });

    await user.click(within(library()).getByRole('button', { name: 'Pin Tone of voice' }));
    await waitFor(() =>
      expect(
        within(library())
          .getAllByRole('button', { name: /^Read / })
          .map((b) => b.textContent),
      ).toEqual(['Tone of voice', 'Escalation policy']),
    );
    expect(within(library()).getByRole('button', { name: 'Unpin Tone of voice' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(library()).getByText('Pinned')).toBeInTheDocument();

    await user.click(within(library()).getByRole('button', { name: 'Edit labels of Escalation policy' }));
    await user.type(screen.getByRole('textbox', { name: 'Local title' }), 'Refund escalations');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'refunds, tier 2');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    const row = (await within(library()).findByRole('button', { name: 'Read Refund escalations' })).closest('li')!;
    expect(within(row).getByText('On the server: Escalation policy')).toBeInTheDocument();
    expect(
      within(within(row).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['refunds', 'tier 2']);

    await user.click(within(library()).getByRole('button', { name: 'Remove Refund escalations' }));
    const confirm = screen.getByRole('group', { name: 'Confirm remove' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(library()).getByRole('button', { name: 'Remove Refund escalations' })).toHaveFocus();
    await user.click(within(library()).getByRole('button', { name: 'Remove Refund escalations' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm remove' })).getByRole('button', { name: 'Remove from library' }));
    await waitFor(() =>
      expect(
        within(library())
          .getAllByRole('button', { name: /^Read / })
          .map((b) => b.textContent),
      ).toEqual(['Tone of voice']),
    );
    expect(fake.callsOf('removeFromGuidelineLibrary')).toEqual([{ profileId: 'sandbox', guidelineIds: [ESCALATION] }]);
  });

  it('shows the kept copy, marked with when it was fetched, when the server cannot be reached, and tries again on request', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    const reader = screen.getByRole('region', { name: 'Guideline' });
    expect(await within(reader).findByText('Escalate a refund over 500 euros to a supervisor.')).toBeInTheDocument();
    const live = fake.guidelineResponder;
    fake.guidelineResponder = () => ({ ok: false, error: { code: 'network', message: 'Could not reach the server.', exchange: null } });
    await user.click(screen.getByRole('button', { name: 'Open guideline' }));
    const copy = await within(reader).findByRole('article', { name: 'Kept copy' });
    expect(within(copy).getByText(/Kept copy, fetched/)).toHaveTextContent(/Kept copy, fetched .*2026/);
    expect(await within(copy).findByText('Escalate a refund over 500 euros to a supervisor.')).toBeInTheDocument();
    expect(within(reader).getByText('Could not reach the server.')).toBeInTheDocument();

    fake.guidelineResponder = live;
    await user.click(within(copy).getByRole('button', { name: 'Try the server again' }));
    await waitFor(() => expect(within(reader).queryByRole('article', { name: 'Kept copy' })).toBeNull());
    expect(within(reader).getByText('Escalate a refund over 500 euros to a supervisor.')).toBeInTheDocument();
  });

  it("shows a search hit's passage as the reader reads it, without markdown's marks", async () => {
    const { fake, served } = fakeWithGuidelines();
    served.set(ESCALATION, {
      name: 'Escalation policy',
      description: 'When to escalate.',
      content: '## Escalation\n\n> Escalate **a refund** over `500` euros to a [supervisor](https://wiki.example/sup) at once.',
    });
    const { user } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    await within(await screen.findByRole('list', { name: 'Guidelines in the library' })).findByRole('button', {
      name: 'Read Escalation policy',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search guidelines' }), 'supervisor');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const mark = await within(results).findByText('supervisor', { selector: 'mark' });
    const passage = mark.closest('p')!;
    expect(passage).toHaveTextContent(/over 500 euros to a supervisor at once\.$/);
    expect(passage.textContent).not.toMatch(/[*`#>[\]]/);
  });

  it('shows what the server says as text: markup in a name, description or passage stays inert', async () => {
    const { fake, served } = fakeWithGuidelines();
    served.set(ESCALATION, {
      name: '<img src=x onerror="alert(1)">Bad',
      description: '<script>alert(2)</script>',
      content: 'A <b>bold</b> claim about onerror.',
    });
    const { user, container } = await openGuidelines(fake);
    await openById(user, ESCALATION);
    const list = await screen.findByRole('list', { name: 'Guidelines in the library' });
    expect(await within(list).findByRole('button', { name: 'Read <img src=x onerror="alert(1)">Bad' })).toBeInTheDocument();
    expect(within(list).getByText('<script>alert(2)</script>')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search guidelines' }), 'bold');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByText('bold')).toBeInTheDocument();
    expect(container.querySelector('.library img, .library script, .library b')).toBeNull();
  });

  it('suggests every guideline in the library in the Guideline field', async () => {
    const { fake } = fakeWithGuidelines();
    const { user } = await openGuidelines(fake);
    await openById(user, TONE);
    await within(await screen.findByRole('list', { name: 'Guidelines in the library' })).findByRole('button', {
      name: 'Read Tone of voice',
    });
    const list = document.getElementById(screen.getByRole('combobox', { name: 'Guideline' }).getAttribute('list')!)!;
    const options = [...list.querySelectorAll('option')].map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options).toEqual([
      ['22222222-2222-4222-8222-222222222222', 'Escalation policy'],
      [TONE, 'Tone of voice'],
    ]);
  });
});
