import { act, screen, waitFor, within } from '@testing-library/react';
import type { FindInPageRequest, HostEvents } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

/**
 * The desktop find bar (renderer/features/find), in the whole app: the host's onFindRequested
 * (the menu's Ctrl/Cmd+F in Electron) opens it; in browser mode there are no host events and
 * it never shows, since the browser's own find works there.
 */
function desktopEvents() {
  const listeners = new Set<() => void>();
  const events: HostEvents = {
    onFindRequested(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRunProgress: () => () => undefined,
  };
  return { events, requestFind: () => act(() => listeners.forEach((listener) => listener())), listeners };
}

const findBar = () => screen.getByRole('search', { name: 'Find in page' });

/** The fake as the desktop app: it is the page's Shell, which finds. */
const desktopFake = () => Object.assign(new FakeApi(), { desktop: true });

afterEach(() => {
  delete window.agentExplorerEvents;
});

describe('the find bar', () => {
  it('is not there in browser mode, where the browser finds', async () => {
    const { user } = await renderReady();
    await user.keyboard('{Control>}f{/Control}');
    expect(screen.queryByRole('search', { name: 'Find in page' })).toBeNull();
  });

  it('does not open where the Shell cannot find, even when asked', async () => {
    const desktop = desktopEvents();
    window.agentExplorerEvents = desktop.events;
    const fake = new FakeApi();
    await renderReady(fake);
    desktop.requestFind();
    expect(screen.queryByRole('search', { name: 'Find in page' })).toBeNull();
    expect(desktop.listeners.size).toBe(0);
    expect(fake.callsOf('findInPage')).toEqual([]);
  });

  it("opens from the menu's Find in Page with its field focused, and searches on Enter, Enter and Shift+Enter", async () => {
    const desktop = desktopEvents();
    window.agentExplorerEvents = desktop.events;
    const fake = desktopFake();
    const fieldTypes: string[] = [];
    fake.findResponder = (request) => {
      fieldTypes.push((screen.getByRole('search').querySelector('input') as HTMLInputElement).type);
      return { ok: true, value: { matches: 3, activeMatchOrdinal: request.forward ? 2 : 1 } };
    };
    const { user } = await renderReady(fake);
    expect(screen.queryByRole('search', { name: 'Find in page' })).toBeNull();

    desktop.requestFind();
    const field = within(findBar()).getByRole('textbox', { name: 'Find in page' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('agent{Enter}');
    await waitFor(() => expect(within(findBar()).getByRole('status')).toHaveTextContent('2 of 3'));
    // Focus leaves the field (a caret there would restart Chromium's search) for Next.
    expect(within(findBar()).getByRole('button', { name: 'Next match' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await waitFor(() => expect(within(findBar()).getByRole('status')).toHaveTextContent('1 of 3'));
    expect(fake.callsOf('findInPage') as FindInPageRequest[]).toEqual([
      { text: 'agent', forward: true, newSearch: true },
      { text: 'agent', forward: true, newSearch: false },
      { text: 'agent', forward: false, newSearch: false },
    ]);
    // Chromium's find skips password fields: the query never finds itself.
    expect(fieldTypes).toEqual(['password', 'password', 'password']);
    expect(field).toHaveAttribute('type', 'text');
  });

  it('says when nothing matches, and starts a new search when the text changes', async () => {
    const desktop = desktopEvents();
    window.agentExplorerEvents = desktop.events;
    const fake = desktopFake();
    fake.findResponder = () => ({ ok: true, value: { matches: 0, activeMatchOrdinal: 0 } });
    const { user } = await renderReady(fake);
    desktop.requestFind();
    const field = within(findBar()).getByRole('textbox', { name: 'Find in page' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('zzz{Enter}');
    await waitFor(() => expect(within(findBar()).getByRole('status')).toHaveTextContent('No matches'));
    await user.click(field);
    await user.keyboard('q');
    expect(within(findBar()).getByRole('status')).toHaveTextContent('');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.callsOf('findInPage')).toHaveLength(2));
    expect(fake.callsOf('findInPage')[1]).toEqual({ text: 'zzzq', forward: true, newSearch: true });
  });

  it('closes on Escape, ends the search and gives focus back to where it was', async () => {
    const desktop = desktopEvents();
    window.agentExplorerEvents = desktop.events;
    const { fake, user } = await renderReady(desktopFake());
    const before = screen.getByRole('combobox', { name: 'Agent' });
    before.focus();

    desktop.requestFind();
    await waitFor(() => expect(within(findBar()).getByRole('textbox', { name: 'Find in page' })).toHaveFocus());
    await user.keyboard('agent{Enter}');
    await waitFor(() => expect(within(findBar()).getByRole('status')).toHaveTextContent('1 of 3'));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('search', { name: 'Find in page' })).toBeNull();
    await waitFor(() => expect(fake.callsOf('stopFindInPage')).toHaveLength(1));
    expect(before).toHaveFocus();
  });

  it('stops listening when the app goes away', async () => {
    const desktop = desktopEvents();
    window.agentExplorerEvents = desktop.events;
    const { unmount } = await renderReady(desktopFake());
    expect(desktop.listeners.size).toBe(1);
    unmount();
    expect(desktop.listeners.size).toBe(0);
  });
});
