import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

/** The guideline reader as a person uses it (jsdom: no layout, everything rendered at once). */

const CONTENT = [
  '# **Escalation** Policy',
  '',
  'When a ticket needs more than first-line support.',
  '',
  '## Scope',
  '',
  'Applies to refund tickets. Refund rules differ.',
  '',
  '### Details',
  '',
  '```sh',
  'escalate --ticket 42',
  '```',
  '',
  '## Steps',
  '',
  '1. Check the refund amount.',
  '2. Ask a lead about the refund.',
  '',
  '## Scope',
  '',
  'Second scope, same name. See [the first](#scope) and [the vendor](https://vendor.example.com/terms).',
  '',
  '![flow chart](https://img.example.com/flow.png)',
].join('\n');

function withGuideline(content = CONTENT, name = 'Escalation policy') {
  const fake = new FakeApi();
  fake.guidelineResponder = () => ({
    ok: true,
    value: {
      guideline: { name, description: 'When to escalate.', content },
      exchange: exchange({ method: 'GET', status: 200, roundTripMs: 34 }),
    },
  });
  return fake;
}

async function openReader(fake = withGuideline(), id = 'g-1') {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'Guidelines' }));
  await rendered.user.clear(screen.getByRole('combobox', { name: 'Guideline' }));
  await rendered.user.type(screen.getByRole('combobox', { name: 'Guideline' }), `${id}{Enter}`);
  const view = screen.getByRole('region', { name: 'Guideline' });
  await within(view).findByRole('navigation', { name: 'Contents' });
  return { ...rendered, view };
}

describe('the guideline reader', () => {
  it('shows the title once, and the transport line after the text', async () => {
    const { view } = await openReader();
    expect(within(view).getAllByRole('heading', { name: /escalation policy/i })).toHaveLength(1);
    expect(within(view).getByRole('heading', { name: 'Escalation policy', level: 2 })).toBeInTheDocument();
    const text = within(view).getByText('When a ticket needs more than first-line support.');
    const transport = within(view).getByText('34 ms');
    expect(text.compareDocumentPosition(transport) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(view).getByText('34 ms').closest('footer')).not.toBeNull();
  });

  it('lists the headings in a Contents landmark, with unique prefixed anchors, and goes to a section', async () => {
    const { view, user } = await openReader();
    const contents = within(view).getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Scope', 'Details', 'Steps', 'Scope']);
    // Each reader has its own prefix (gl-<n>-), so two guidelines on one page never share an id.
    const prefix = /^#(gl-\d+-)scope$/.exec(links[0]!.getAttribute('href') ?? '')?.[1];
    expect(prefix).toBeDefined();
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `#${prefix}scope`,
      `#${prefix}details`,
      `#${prefix}steps`,
      `#${prefix}scope-2`,
    ]);
    const scopes = within(view).getAllByRole('heading', { name: 'Scope' });
    expect(scopes.map((heading) => heading.id)).toEqual([`${prefix}scope`, `${prefix}scope-2`]);

    await user.click(within(contents).getByRole('link', { name: 'Steps' }));
    expect(within(view).getByRole('heading', { name: 'Steps' })).toHaveFocus();
    expect(within(contents).getByRole('link', { name: 'Steps' })).toHaveAttribute('aria-current', 'location');
    expect(within(contents).getByRole('link', { name: 'Details' })).not.toHaveAttribute('aria-current');

    // The "link to this section" button focuses its heading and marks it in the contents.
    await user.click(within(view).getByRole('button', { name: 'Link to section: Details' }));
    expect(within(view).getByRole('heading', { name: 'Details' })).toHaveFocus();
    expect(within(contents).getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'location');
  });

  it('copies the source: the whole guideline, a section, a code block, and the plain text', async () => {
    const { view, user } = await openReader();
    await user.click(within(view).getByRole('button', { name: 'Copy markdown of the whole guideline' }));
    expect(await navigator.clipboard.readText()).toBe(CONTENT);

    await user.click(within(view).getAllByRole('button', { name: 'Copy section: Scope' })[0]!);
    expect(await navigator.clipboard.readText()).toBe(
      [
        '## Scope',
        '',
        'Applies to refund tickets. Refund rules differ.',
        '',
        '### Details',
        '',
        '```sh',
        'escalate --ticket 42',
        '```',
        '',
      ].join('\n'),
    );

    await user.click(within(view).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('escalate --ticket 42');

    await user.click(within(view).getByRole('button', { name: 'Copy plain text of the whole guideline' }));
    const plain = await navigator.clipboard.readText();
    expect(plain).toContain('Escalation Policy\n');
    expect(plain).toContain('the vendor (https://vendor.example.com/terms)');
    expect(plain).not.toContain('**');
  });

  it('finds within the guideline: Ctrl+F in the reader, counts, Enter and Shift+Enter, Escape', async () => {
    const { view, user } = await openReader();
    fireEvent.keyDown(within(view).getByText('When a ticket needs more than first-line support.'), { key: 'f', ctrlKey: true });
    const field = await within(view).findByRole('searchbox', { name: 'Find in guideline' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'REFUND');
    const status = within(within(view).getByRole('search', { name: 'Find in guideline' })).getByRole('status');
    expect(status).toHaveTextContent('4 matches');
    await user.keyboard('{Enter}');
    expect(status).toHaveTextContent('1 of 4');
    await user.keyboard('{Enter}{Enter}');
    expect(status).toHaveTextContent('3 of 4');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(status).toHaveTextContent('2 of 4');
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(status).toHaveTextContent('1 of 4');
    await user.clear(field);
    await user.type(field, 'nowhere');
    expect(status).toHaveTextContent('No matches');
    await user.keyboard('{Escape}');
    expect(within(view).queryByRole('searchbox', { name: 'Find in guideline' })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Find' })).toHaveFocus();
  });

  it('asks before a link leaves the app, and opens it in a new tab without an opener', async () => {
    const { view, user } = await openReader();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(within(view).getByRole('link', { name: 'the vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'Open this link outside Agent Explorer?' });
    expect(dialog).toHaveTextContent('https://vendor.example.com/terms');
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();
    await user.click(within(view).getByRole('link', { name: 'the vendor' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open in browser' }));
    expect(open).toHaveBeenCalledWith('https://vendor.example.com/terms', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('loads remote images only after the person allows their host, and remembers it for that guideline', async () => {
    const { view, user } = await openReader(withGuideline(), 'g-images');
    expect(view.querySelector('img')).toBeNull();
    expect(within(view).getByText('Image: flow chart')).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Load images from img.example.com' }));
    expect(within(view).getByRole('img', { name: 'flow chart' })).toHaveAttribute('src', 'https://img.example.com/flow.png');
    expect(within(view).getByRole('img', { name: 'flow chart' })).toHaveAttribute('referrerpolicy', 'no-referrer');

    // Another guideline asks again; coming back keeps the choice.
    const combobox = screen.getByRole('combobox', { name: 'Guideline' });
    await user.clear(combobox);
    await user.type(combobox, 'g-other{Enter}');
    await waitFor(() => expect(within(view).getByRole('button', { name: 'Load images from img.example.com' })).toBeInTheDocument());
    await user.clear(combobox);
    await user.type(combobox, 'g-images{Enter}');
    expect(await within(view).findByRole('img', { name: 'flow chart' })).toBeInTheDocument();
  });
});
