import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Root } from '../../../renderer/app/Root';
import { PayloadEditorKindContext } from '../../../renderer/features/invoke/payload/editorChoice';
import { createQueryClient } from '../../../renderer/host/client';
import { FakeApi } from '../../support/fakeApi';
import './dialogPolyfill';

/**
 * Renders the whole app against a fake host, as main.tsx does against the real one. The
 * payload editor is the plain textarea here: jsdom has no layout for CodeMirror and Testing
 * Library cannot reach into its shadow root (see editorChoice.ts); CodeMirror itself is
 * covered by features/invoke/payload/PayloadCodeEditor.test.tsx and in real Chromium by the end-to-end tests. A fake marked
 * `desktop` is also the page's Shell (the desktop's find and dialogs); otherwise the page has
 * a browser tab's.
 */
export function renderApp(fake: FakeApi = new FakeApi()) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <PayloadEditorKindContext.Provider value="plain">
      <Root api={fake} queryClient={queryClient} events={fake.events} shell={fake.desktop ? fake : undefined} />
    </PayloadEditorKindContext.Provider>,
  );
  return { fake, user, queryClient, ...view };
}

/** Renders the app and waits until it says it is ready for input. */
export async function renderReady(fake: FakeApi = new FakeApi()) {
  const rendered = renderApp(fake);
  await waitFor(() => expect(document.querySelector('[data-app-state="ready"]')).not.toBeNull());
  return rendered;
}

/** A promise with its resolve function outside, for answers that arrive when the test says. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The Response region. */
export function responseRegion() {
  return screen.getByRole('region', { name: 'Response' });
}
