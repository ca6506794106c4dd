import { lazyComponent, loadingLine } from '../../../ui/lazyComponent';

/** The checklists beside an opened answer, in a chunk of their own (loaded when an entry opens). */
const checklists = lazyComponent(() => import('./EntryChecklists'), 'EntryChecklists', loadingLine('Loading the checklists…'));

/** EntryChecklists, loaded on first use: same props. */
export const LazyEntryChecklists = checklists.Component;
