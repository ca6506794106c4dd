import { screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi } from '../../../../support/fakeApi';
import { fakeWithProduction } from '../../profileDialog';
import { renderReady } from '../../renderApp';

const CONTENT = [
  '# Escalate',
  '',
  '| Severity | Respond within |',
  '|---|---|',
  '| High | 1 hour |',
  '',
  '[evil](javascript:alert(1)) and [docs](https://docs.example.com/x) and [mail](mailto:help@example.com)',
  '',
  '<script>alert("x")</script>',
  '',
  'Inline <img src=x onerror="alert(2)"> here.',
  '',
  '![diagram](https://tracker.example.com/pixel.png)',
].join('\n');

function withContent(content: string) {
  const fake = new FakeApi();
  fake.guidelineResponder = () => ({
    ok: true,
    value: {
      guideline: { name: 'Escalation policy', description: 'When to escalate.', content },
      exchange: exchange({ method: 'GET', status: 200, roundTripMs: 34 }),
    },
  });
  return fake;
}

async function openGuidelinesTab(fake: FakeApi) {
  const rendered = await renderReady(fake);
  await rendered.user.click(screen.getByRole('tab', { name: 'Guidelines' }));
  return rendered;
}

describe('guidelines', () => {
  it('opens a known guideline and renders its markdown safely', async () => {
    const fake = withContent(CONTENT);
    const { user, container } = await openGuidelinesTab(fake);
    await user.click(screen.getByRole('button', { name: 'Escalation policy' }));
    expect(fake.callsOf('getGuideline')).toEqual([{ guidelineId: '22222222-2222-4222-8222-222222222222', profileId: 'sandbox' }]);
    expect(screen.getByRole('combobox', { name: 'Guideline' })).toHaveValue('22222222-2222-4222-8222-222222222222');

    const view = screen.getByRole('region', { name: 'Guideline' });
    expect(await within(view).findByRole('heading', { name: 'Escalation policy' })).toBeInTheDocument();
    expect(within(view).getByText('When to escalate.')).toBeInTheDocument();
    expect(within(view).getByText('34 ms')).toBeInTheDocument();

    const table = within(view).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Severity' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1 hour' })).toBeInTheDocument();

    const evil = within(view).getByText('evil');
    expect(evil.closest('a')).toBeNull();
    expect(container.querySelector('[href^="javascript"]')).toBeNull();
    const docs = within(view).getByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://docs.example.com/x');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(view).getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:help@example.com');

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(within(view).getByText('<script>alert("x")</script>')).toBeInTheDocument();
    // Shown as literal code, so a reader can tell the content carried HTML.
    expect(within(view).getByText('<img src=x onerror="alert(2)">').tagName).toBe('CODE');
    // Remote images wait for the person's leave (tests/unit/renderer/features/guidelines/GuidelineReader.test.tsx).
    expect(within(view).getByText('Image: diagram')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Load images from tracker.example.com' })).toBeInTheDocument();
  });

  it('blocks data: and vbscript: links too', async () => {
    const fake = withContent('[a](data:text/html,<b>x</b>) [b](vbscript:msgbox) [c](JaVaScRiPt:alert(1)) [d](#section)');
    const { user } = await openGuidelinesTab(fake);
    await user.type(screen.getByRole('combobox', { name: 'Guideline' }), 'g-1{Enter}');
    const view = screen.getByRole('region', { name: 'Guideline' });
    await within(view).findByRole('heading', { name: 'Escalation policy' });
    for (const name of ['a', 'b', 'c']) expect(within(view).getByText(name).closest('a')).toBeNull();
    // An in-page link points at the reader's prefixed heading id.
    expect(within(view).getByRole('link', { name: 'd' })).toHaveAttribute('href', expect.stringMatching(/^#gl-\d+-section$/));
  });

  it('opens a typed id with Enter, and refuses an empty id', async () => {
    const fake = withContent('Plain.');
    const { user } = await openGuidelinesTab(fake);
    const input = screen.getByRole('combobox', { name: 'Guideline' });
    await user.click(screen.getByRole('button', { name: 'Open guideline' }));
    expect(fake.callsOf('getGuideline')).toEqual([]);
    expect(screen.getByText('Enter a guideline id, or pick a known guideline.')).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.type(input, ' my-guideline {Enter}');
    expect(fake.callsOf('getGuideline')).toEqual([{ guidelineId: 'my-guideline', profileId: 'sandbox' }]);
    expect(await screen.findByText('Plain.')).toBeInTheDocument();
  });

  it('reads from the profile the header shows, even after another browser tab switched profiles', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    const { user } = await openGuidelinesTab(fake);
    // Another browser tab makes Production active: this page still shows Sandbox.
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    await user.type(screen.getByRole('combobox', { name: 'Guideline' }), 'my-guideline{Enter}');
    // The host refused the read named for Sandbox; the page caught up and read from Production, which it now shows.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Profile' })).toHaveValue('prod'));
    await waitFor(() =>
      expect(fake.callsOf('getGuideline')).toEqual([
        { guidelineId: 'my-guideline', profileId: 'sandbox' },
        { guidelineId: 'my-guideline', profileId: 'prod' },
      ]),
    );
    expect(await screen.findByText('Soon.')).toBeInTheDocument();
  });

  it('shows guideline errors like invoke errors', async () => {
    const fake = new FakeApi();
    fake.guidelineResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 404.',
        exchange: exchange({
          method: 'GET',
          url: 'http://127.0.0.1:4010/api/guideline/nope/',
          status: 404,
          statusText: 'Not Found',
          responseBody: '{"detail":"<i>Not found</i>"}',
        }),
      },
    });
    const { user, container } = await openGuidelinesTab(fake);
    await user.type(screen.getByRole('combobox', { name: 'Guideline' }), 'nope{Enter}');
    const alert = await within(screen.getByRole('region', { name: 'Guideline' })).findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Guideline “nope” is unknown to this server (HTTP 404 Not Found)' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server says: “<i>Not found</i>”');
    expect(alert).toHaveTextContent('"detail": "<i>Not found</i>"');
    expect(container.querySelector('i')).toBeNull();
  });

  it('moves focus into the reader once a guideline opened with Enter is shown, so Ctrl+F finds in it', async () => {
    const fake = withContent('# Escalate\n\nCall the duty manager.');
    const { user } = await openGuidelinesTab(fake);
    await user.type(screen.getByRole('combobox', { name: 'Guideline' }), 'escalation{Enter}');
    const view = screen.getByRole('region', { name: 'Guideline' });
    expect(await within(view).findByText('Call the duty manager.')).toBeInTheDocument();
    await waitFor(() => expect(view).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Control>}f{/Control}');
    await waitFor(() => expect(within(view).getByRole('searchbox', { name: 'Find in guideline' })).toHaveFocus());
  });
});
