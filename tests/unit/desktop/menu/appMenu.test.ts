import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, pageShortcuts, type MenuItemSpec } from '../../../../electron/desktop/menu/appMenu';

/**
 * The menu bar as plain data (electron/desktop/menu/appMenu.ts), in Node: the platform's conventions,
 * the shortcuts, and that each action item calls what it says. main.ts passes it to Electron.
 */
const actions = { findInPage: vi.fn(), openGuide: vi.fn(), openReadme: vi.fn() };
const menuFor = (platform: NodeJS.Platform) => appMenuTemplate({ platform, appName: 'Agent Explorer', actions });
const all = (items: MenuItemSpec[]): MenuItemSpec[] => items.flatMap((item) => [item, ...all(item.submenu ?? [])]);
const titles = (items: MenuItemSpec[]) => items.map((item) => (item.label ?? item.role)!.replace('&', ''));
const roles = (item: MenuItemSpec | undefined) => (item?.submenu ?? []).map((entry) => entry.role ?? entry.label ?? entry.type);
const top = (items: MenuItemSpec[], title: string) => items.find((item) => (item.label ?? item.role)?.replace('&', '') === title);

describe('on macOS', () => {
  const menu = menuFor('darwin');

  it("starts with the app's own menu and has a Window menu", () => {
    expect(titles(menu)).toEqual(['Agent Explorer', 'File', 'Edit', 'View', 'window', 'Help']);
    expect(roles(menu[0])).toEqual(['about', 'separator', 'services', 'separator', 'hide', 'hideOthers', 'unhide', 'separator', 'quit']);
    expect(roles(top(menu, 'window'))).toEqual(['minimize', 'zoom', 'separator', 'front']);
  });

  it('File closes the window (Quit is in the app menu); Edit has Paste and Match Style', () => {
    expect(roles(top(menu, 'File'))).toEqual(['close']);
    expect(roles(top(menu, 'Edit'))).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'separator',
      'selectAll',
    ]);
  });
});

describe.each(['linux', 'win32'] as const)('on %s', (platform) => {
  const menu = menuFor(platform);

  it('has File, Edit, View and Help with keyboard mnemonics, and Quit in File', () => {
    expect(menu.map((item) => item.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    expect(roles(top(menu, 'File'))).toEqual(['quit']);
    expect(all(menu).some((item) => item.role === 'about' || item.role === 'hide' || item.role === 'services')).toBe(false);
  });

  it('Edit has undo, redo, cut, copy, paste and select all', () => {
    expect(roles(top(menu, 'Edit'))).toEqual(['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'delete', 'separator', 'selectAll']);
  });
});

describe.each(['darwin', 'linux', 'win32'] as const)('everywhere (%s)', (platform) => {
  const menu = menuFor(platform);

  it('View finds in the page with Ctrl/Cmd+F, zooms and goes full screen', () => {
    expect(roles(top(menu, 'View'))).toEqual([
      'Find in Page…',
      'separator',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'separator',
      'togglefullscreen',
    ]);
    const find = top(menu, 'View')!.submenu![0]!;
    expect(find.accelerator).toBe('CommandOrControl+F');
    actions.findInPage.mockClear();
    find.click!();
    expect(actions.findInPage).toHaveBeenCalledTimes(1);
  });

  it('Help opens the user guide and the README and lists every shortcut of the page, without taking their keys', () => {
    const help = top(menu, 'Help')!;
    expect(help.role).toBe('help');
    actions.openReadme.mockClear();
    help.submenu!.find((item) => item.label === 'Agent Explorer README')!.click!();
    expect(actions.openReadme).toHaveBeenCalledTimes(1);
    actions.openGuide.mockClear();
    help.submenu!.find((item) => item.label === 'Agent Explorer User Guide')!.click!();
    expect(actions.openGuide).toHaveBeenCalledTimes(1);
    const listed = help.submenu!.find((item) => item.label === 'Keyboard Shortcuts')!.submenu!;
    const mac = platform === 'darwin';
    expect(listed.map((item) => item.label)).toEqual([
      `Find in page: ${mac ? '⌘F' : 'Ctrl+F'}`,
      ...pageShortcuts(platform).map(({ action, keys }) => `${action}: ${keys}`),
    ]);
    expect(listed.map((item) => item.label)).toContain(`Invoke the request (anywhere in its tab): ${mac ? '⌘↩' : 'Ctrl+Enter'}`);
    // Listed, not bound: an accelerator here would take the key away from the page.
    for (const item of listed) {
      expect(item.enabled, item.label).toBe(false);
      expect(item.accelerator, item.label).toBeUndefined();
    }
  });

  it('offers Developer Tools in development runs only', () => {
    expect(all(menu).some((item) => item.role === 'toggleDevTools')).toBe(false);
    const developer = appMenuTemplate({ platform, appName: 'Agent Explorer', actions, developer: true });
    expect(roles(top(developer, 'View')).slice(-2)).toEqual(['separator', 'toggleDevTools']);
  });

  it('binds no key twice', () => {
    const keys = all(menu).flatMap((item) => (item.accelerator ? [item.accelerator] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
