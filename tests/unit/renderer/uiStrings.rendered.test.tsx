import { screen, waitFor, within } from '@testing-library/react';
import { exchange, FakeApi, okInvoke } from '../../support/fakeApi';
import { renderReady, responseRegion } from './renderApp';

/**
 * UI text never shows a raw backtick: markdown's code quotes belong in markdown, not in the
 * app's own sentences (they read as stray punctuation, and a screen reader says "grave
 * accent"). Each screen is rendered and its text, and the attributes people read (titles,
 * placeholders) or hear (accessible names and descriptions), are checked. Server content
 * is not the app's own text: answers and bodies here carry none.
 */

const READ_ATTRIBUTES = ['title', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription', 'alt'];

/** Every place on screen (text or a read attribute) that holds a backtick, with its context. */
function backticks(root: ParentNode = document.body): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.includes('`')) found.push(`text: ${node.textContent.trim().slice(0, 120)}`);
  }
  for (const element of root.querySelectorAll('*')) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value?.includes('`')) found.push(`${element.tagName.toLowerCase()}[${name}]: ${value.slice(0, 120)}`);
    }
  }
  return found;
}

describe('UI text has no raw backticks', () => {
  it('on the Agents screen, empty, with an answer and with an error', async () => {
    const fake = new FakeApi();
    const { user } = await renderReady(fake);
    expect(backticks()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));
    await user.click(screen.getByRole('button', { name: /^Invoke/ }));
    await within(responseRegion()).findByText(/Answer/);
    for (const tab of within(responseRegion()).getAllByRole('tab')) {
      await user.click(tab);
      expect(backticks()).toEqual([]);
    }

    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 404.',
        exchange: exchange({ status: 404, statusText: 'Not Found', responseBody: '{"detail":"Not found."}' }),
      },
    });
    await user.click(screen.getByRole('button', { name: /^Invoke/ }));
    await within(responseRegion()).findByRole('alert');
    expect(backticks()).toEqual([]);
  });

  it('on the Guidelines screen with a guideline open', async () => {
    const { user } = await renderReady();
    await user.click(screen.getByRole('tab', { name: 'Guidelines' }));
    expect(backticks()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Escalation policy' }));
    await user.click(screen.getByRole('button', { name: 'Open guideline' }));
    await screen.findByRole('heading', { name: 'Escalation policy' });
    expect(backticks()).toEqual([]);
  });

  it('in the Profiles, Settings and Agent catalog dialogs', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => okInvoke('Hello');
    const { user } = await renderReady(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByRole('dialog', { name: 'Settings' });
    expect(backticks()).toEqual([]);
    await user.click(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Agent catalog' }));
    await screen.findByRole('dialog', { name: 'Agent catalog' });
    expect(backticks()).toEqual([]);
    await user.click(within(screen.getByRole('dialog', { name: 'Agent catalog' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agent catalog' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Manage profiles' }));
    await screen.findByRole('dialog', { name: 'Profiles' });
    expect(backticks()).toEqual([]);
    await user.click(within(screen.getByRole('dialog', { name: 'Profiles' })).getByRole('button', { name: 'New profile' }));
    expect(backticks()).toEqual([]);
  });

  it('notices a backtick when one is on screen (the check itself works)', () => {
    document.body.innerHTML = '<p>Run <span title="`npm start`">it</span> with `npm start`.</p>';
    expect(backticks()).toHaveLength(2);
    document.body.innerHTML = '';
  });
});
