import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * Dialogs opened now and then (Settings with its workspace file and history retention; the
 * agent catalog; Profiles with its forms and Detect) in chunks of their own, so the app's first chunk stays under Vite's 500 kB
 * warning (tests/e2e/split.spec.ts). They are fetched when the app is idle (see App), so
 * opening one does not wait; until a chunk is in, a status line says it is loading.
 */
const loading = loadingLine('Loading…');

const settings = lazyComponent(() => import('./SettingsDialog'), 'SettingsDialog', loading);
const catalog = lazyComponent(() => import('../catalog/CatalogDialog'), 'CatalogDialog', loading);
const profiles = lazyComponent(() => import('../profile/ProfilesDialog'), 'ProfilesDialog', loading);

/** Loads the dialogs' chunks; calling it again reuses the same requests. */
export const loadDialogs = () => Promise.all([settings.load(), catalog.load(), profiles.load()]);
/** SettingsDialog, loaded on first use: same props. */
export const LazySettingsDialog = settings.Component;
/** CatalogDialog, loaded on first use: same props. */
export const LazyCatalogDialog = catalog.Component;
/** ProfilesDialog, loaded on first use: same props. */
export const LazyProfilesDialog = profiles.Component;
