import { createContext, useContext } from 'react';

/**
 * Where the window is too narrow for the request, the answer and the guideline side by side, the
 * guideline beside the workbench takes the answer's place. `guidelineShown` is true while it does
 * (the request tabs then hide their Response pane, kept mounted); `showAnswer` gives the place back
 * to the answer, as sending a request does, so the answer it brings is in view. The tab in front
 * reports its answer back the same way (`reportAnswer`).
 */
export interface AnswerPlace {
  guidelineShown: boolean;
  showAnswer: () => void;
  /**
   * The request tab in front says which answer it shows (null: none, or one on its way), so the
   * guideline beside can judge it ("Judge this answer") and forget its marks when it changes.
   */
  reportAnswer: (answer: AnswerInView | null) => void;
}

/** The answer in view in the workbench: what a judge is asked about. */
export interface AnswerInView {
  /** Names this answer (its tab and exchange): a new answer has a new key. */
  key: string;
  answer: string;
  /** The request's text that produced it. */
  text: string;
}

export const AnswerPlaceContext = createContext<AnswerPlace>({
  guidelineShown: false,
  showAnswer: () => undefined,
  reportAnswer: () => undefined,
});

export const useAnswerPlace = () => useContext(AnswerPlaceContext);
