import { createContext, useContext } from 'react';

/**
 * Where the window is too narrow for the request, the answer and the guideline side by side, the
 * guideline beside the workbench takes the answer's place. `guidelineShown` is true while it does
 * (the request tabs then hide their Response pane, kept mounted); `showAnswer` gives the place back
 * to the answer, as sending a request does, so the answer it brings is in view.
 */
export interface AnswerPlace {
  guidelineShown: boolean;
  showAnswer: () => void;
}

export const AnswerPlaceContext = createContext<AnswerPlace>({ guidelineShown: false, showAnswer: () => undefined });

export const useAnswerPlace = () => useContext(AnswerPlaceContext);
