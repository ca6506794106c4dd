import { createContext } from 'react';

/**
 * Whether the reader shown next takes focus: asked for by an open the person made (Enter in the
 * Guideline field, a pick from the library or the known list), so the keyboard (and Ctrl+F, the
 * reader's find) continues in the text; never by a restored tab or a switch between tabs, which
 * keep focus where it is. `done` is called once the reader has taken it.
 */
export const ReaderFocusContext = createContext<{ wanted: boolean; done: () => void }>({ wanted: false, done: () => undefined });
