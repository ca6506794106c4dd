import type { ChangeEvent, RefObject } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useShell } from '../../host/HostContext';
import { useSaveTextFile } from '../../host/saveTextFile';
import { fromSuiteText, suiteFileName, toSuite, type SuiteDraft } from './suiteModel';

/** What opening a file gave: a suite to edit (and a note about its data file), or why not. */
export type Opened = { draft: SuiteDraft; note: string | null } | { error: string };

/** The suite's file text: indented JSON with a final line break, as it would be kept in git. */
export function suiteFileText(draft: SuiteDraft): string {
  return `${JSON.stringify(toSuite(draft), null, 2)}\n`;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * Opening and saving suite files, the host's way (its Shell's capabilities say which): the desktop
 * app opens through its own dialog (openSuiteFile, which also reads the data file the suite
 * names, from beside it) and saves through its save dialog; a browser opens with a file input
 * and saves as a download. A file that is not a suite is refused with why, and the suite being
 * edited stays as it was.
 */
export function useSuiteFiles({
  input,
  onOpened,
  onSaved,
}: {
  /** The browser's hidden file input (accept .json) that Open clicks. */
  input: RefObject<HTMLInputElement | null>;
  onOpened: (opened: Opened) => void;
  onSaved: (fileName: string, message: string) => void;
}) {
  const shell = useShell();
  const saveTextFile = useSaveTextFile();

  async function open() {
    if (!shell.capabilities.openDialog) {
      input.current?.click();
      return;
    }
    try {
      const result = await shell.openSuiteFile();
      if (!result.ok) return onOpened({ error: result.error.message });
      if (result.value === null) return; // The person cancelled the dialog.
      const { fileName, text, data, dataProblem } = result.value;
      const read = fromSuiteText(text, fileName);
      if (!read.ok) return onOpened({ error: read.message });
      onOpened({ draft: { ...read.draft, data }, note: dataProblem ? `${dataProblem} Pick the data file below.` : null });
    } catch (error) {
      onOpened({ error: thrownMessage(error) });
    }
  }

  /** The browser's file input: reads the picked file as a suite (its data file is picked separately). */
  function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    file.text().then(
      (text) => {
        const read = fromSuiteText(text, file.name);
        if (!read.ok) return onOpened({ error: read.message });
        const named = read.draft.dataName;
        onOpened({ draft: read.draft, note: named ? `This suite runs once per row of ${named}: pick that file below.` : null });
      },
      (error: unknown) => onOpened({ error: `${file.name} could not be read: ${thrownMessage(error)}` }),
    );
  }

  async function save(draft: SuiteDraft) {
    const suggestedName = suiteFileName(draft);
    try {
      const result = await saveTextFile({ suggestedName, content: suiteFileText(draft), mediaType: 'application/json' });
      if (!result.ok) return onSaved('', `The suite was not saved: ${result.error.message}`);
      if (!result.value.saved) return;
      const fileName = result.value.path ? baseName(result.value.path) : suggestedName;
      onSaved(fileName, result.value.path ? `Saved to ${result.value.path}.` : `Saved as ${fileName} (in your downloads).`);
    } catch (error) {
      onSaved('', `The suite was not saved: ${thrownMessage(error)}`);
    }
  }

  return { open, save, onPicked };
}
