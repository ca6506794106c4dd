/**
 * The desktop app's menu bar, as plain data: no Electron here (only the glue may import it), so
 * the menu is built and tested in Node; main.ts hands it to `Menu.buildFromTemplate`. The item
 * shape is a subset of Electron's MenuItemConstructorOptions, which TypeScript checks there.
 *
 * Conventions followed (Electron's "Menus" tutorial and its default menu, and the platforms'
 * guidelines): on macOS the first menu is the app's own (About, Services, Hide, Quit), the Window
 * menu is there and Quit is ⌘Q; on Windows and Linux, File holds Quit (Ctrl+Q). Edit, View and
 * Help are everywhere. Standard items use Electron's roles, which bring the platform's own
 * labels, shortcuts and behaviour (Copy works in any focused field, Zoom in the page).
 */

/** What the menu asks of the shell; nothing else in the menu has side effects of its own. */
export interface MenuActions {
  /** Opens the page's find bar (Electron has none); with no window open (macOS), does nothing. */
  findInPage(): void;
  /** Opens the user guide that ships with the app. */
  openGuide(): void;
  /** Opens the README that ships with the app. */
  openReadme(): void;
}

type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'window'
  | 'help';

/** One menu item: a role, an action, a separator or a submenu. */
export interface MenuItemSpec {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

/**
 * The page's own shortcuts, listed under Help so they can be found. They are listed as text,
 * not as accelerators: the page handles them itself (renderer/features/invoke,
 * renderer/features/workspace), in the browser too, and an accelerator would only add a second
 * path to the same key. (The page sees every key first: Electron hands the menu only the keys
 * the page left unhandled, through Chromium's unhandled-keyboard-event path, `HandleKeyboardEvent`
 * in Electron's shell/browser/api/electron_api_web_contents.cc and _mac.mm. So a page's keydown
 * that calls preventDefault, such as the reader's Ctrl/Cmd+F, wins over the menu's.)
 */
export function pageShortcuts(platform: NodeJS.Platform): { action: string; keys: string }[] {
  const mac = platform === 'darwin';
  return [
    { action: 'Invoke the request (anywhere in its tab)', keys: mac ? '⌘↩' : 'Ctrl+Enter' },
    { action: 'New request tab', keys: mac ? '⌥N' : 'Alt+N' },
    { action: 'Rename the focused request tab', keys: 'F2' },
    { action: 'Close the focused request tab', keys: mac ? 'Delete (fn⌫)' : 'Delete' },
    { action: 'Reopen the last closed request tab', keys: mac ? '⌥⇧T' : 'Alt+Shift+T' },
    { action: 'Move between request tabs', keys: 'Arrow keys, Home, End' },
    { action: 'Close a dialog or the find bar', keys: 'Escape' },
  ];
}

const separator: MenuItemSpec = { type: 'separator' };

/** The whole menu bar for `platform`. */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  actions: MenuActions;
  /** Development runs (not packaged) also get Toggle Developer Tools; packaged builds do not. */
  developer?: boolean;
}): MenuItemSpec[] {
  const { platform, appName, actions } = options;
  const mac = platform === 'darwin';

  const appMenu: MenuItemSpec = {
    label: appName,
    submenu: [
      { role: 'about' },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  // macOS: closing the last window leaves the app running, so File has Close Window; Quit is
  // in the app menu. Elsewhere closing the window quits, and Quit lives in File.
  const fileMenu: MenuItemSpec = { label: mac ? 'File' : '&File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] };
  const editMenu: MenuItemSpec = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
  const viewMenu: MenuItemSpec = {
    label: mac ? 'View' : '&View',
    submenu: [
      { label: 'Find in Page…', accelerator: 'CommandOrControl+F', click: actions.findInPage },
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
      ...(options.developer ? [separator, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const windowMenu: MenuItemSpec = {
    role: 'window',
    submenu: [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }],
  };
  const helpMenu: MenuItemSpec = {
    role: 'help',
    label: mac ? 'Help' : '&Help',
    submenu: [
      { label: `${appName} User Guide`, click: actions.openGuide },
      { label: `${appName} README`, click: actions.openReadme },
      separator,
      {
        label: 'Keyboard Shortcuts',
        submenu: [
          { label: `Find in page: ${mac ? '⌘F' : 'Ctrl+F'}`, enabled: false },
          ...pageShortcuts(platform).map(({ action, keys }) => ({ label: `${action}: ${keys}`, enabled: false })),
        ],
      },
    ],
  };
  return mac ? [appMenu, fileMenu, editMenu, viewMenu, windowMenu, helpMenu] : [fileMenu, editMenu, viewMenu, helpMenu];
}
