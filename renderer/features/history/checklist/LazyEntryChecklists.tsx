import { lazyComponent } from '../../../ui/lazyComponent';

/** The checklists beside an opened answer, in a chunk of their own (loaded when an entry opens). */
const checklists = lazyComponent(
  () => import('./EntryChecklists').then((module) => module.EntryChecklists),
  <p role="status" className="muted lazy-loading">
    Loading the checklists…
  </p>,
  'EntryChecklists',
);

/** EntryChecklists, loaded on first use: same props. */
export const LazyEntryChecklists = checklists.Component;
