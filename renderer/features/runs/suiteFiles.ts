import type { ChangeEvent, RefObject } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { useShell } from '../../host/HostContext';
import { useSaveTextFile } from '../../host/saveTextFile';
import { importPostmanCollection, isPostmanCollection } from '../../../electron/shared/runs/postman';
import { SUITE_SCHEMA_URL } from '../../../electron/shared/runs/suiteTypes';
import type { SavedFileMediaType } from '../../../electron/shared/api';
import { fromSuiteText, fromSuiteValue, suiteFileName, toSuite, type SuiteDraft } from './suiteModel';

/**
 * What opening a file gave: a suite to edit (with a note about its data file, and what to say
 * instead of "Opened X." when there is more to say), or why not.
 */
export type Opened = { draft: SuiteDraft; note: string | null; message?: string } | { error: string };

/** How many of a collection's not-converted lines the status shows; the rest are counted. */
const NOTES_SHOWN = 5;

/**
 * A Postman collection opened as a suite: converted as `agent-explorer import postman` converts
 * it, unsaved (it becomes a suite file only when saved), with what was left out said, and the
 * `{{variables}}` its cases use named as the data file's columns to pick.
 */
function fromCollection(raw: unknown, fileName: string): Opened {
  const converted = importPostmanCollection(raw);
  if (!converted.ok) return { error: `${fileName}: ${converted.message}.` };
  const { suite, notes, columns } = converted.value;
  const read = fromSuiteValue(suite, null);
  if (!read.ok) return { error: read.message };
  const count = suite.cases.length;
  const shown = notes.slice(0, NOTES_SHOWN).join('; ');
  const more = notes.length > NOTES_SHOWN ? `; and ${notes.length - NOTES_SHOWN} more` : '';
  const left = notes.length > 0 ? ` Not converted: ${shown}${more}.` : '';
  return {
    draft: { ...read.draft, dirty: true },
    message: `Converted the Postman collection ${fileName}: ${count} case${count === 1 ? '' : 's'}.${left} Save it to keep it as a suite.`,
    note:
      columns.length > 0
        ? `The cases use ${columns.map((name) => `{{${name}}}`).join(', ')}: pick a data file with these columns below.`
        : null,
  };
}

/**
 * An opened file's text, parsed once: a Postman collection converted, or a suite, which
 * `withSuite` completes with what the way it was opened knows (its data file, a note).
 */
function openedText(text: string, fileName: string, withSuite: (draft: SuiteDraft) => { draft: SuiteDraft; note: string | null }): Opened {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const read = fromSuiteText(text, fileName); // Not JSON: says so, as a suite would.
    return read.ok ? withSuite(read.draft) : { error: read.message };
  }
  if (isPostmanCollection(value)) return fromCollection(value, fileName);
  const read = fromSuiteValue(value, fileName);
  return read.ok ? withSuite(read.draft) : { error: read.message };
}

/**
 * The suite's file text: indented JSON with a final line break, as it would be kept in git, with
 * `$schema` first so an editor completes and checks it. A suite that names its own schema (e.g.
 * the examples' relative path) keeps it; one that names none gets the schema's published address.
 */
export function suiteFileText(draft: SuiteDraft): string {
  const { $schema, ...suite } = toSuite(draft);
  return `${JSON.stringify({ $schema: $schema ?? SUITE_SCHEMA_URL, ...suite }, null, 2)}\n`;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The kind of file a data file is, by its extension, as the save dialog and a download name it. */
function dataMediaType(name: string): SavedFileMediaType {
  if (/\.jsonl$/i.test(name)) return 'application/jsonl';
  return /\.json$/i.test(name) ? 'application/json' : 'text/csv';
}

/** Where the suite's data file goes: beside the suite, or at the relative path its `data` gives. */
const dataPlace = (dataName: string, suite: string) =>
  /[\\/]/.test(dataName) ? `at ${dataName}, relative to ${suite}` : `beside ${suite}`;

/** What the save message adds about the suite's data file, which is a file of its own. */
function dataAdvice(draft: SuiteDraft): string {
  const name = draft.dataName.trim();
  if (name === '') return '';
  if (draft.data) return ` The suite reads its rows from ${name}: keep that file ${dataPlace(name, 'it')}.`;
  return ` The suite reads its rows from ${name}, which this page does not hold: save that file ${dataPlace(name, 'it')} under that name.`;
}

/** What a save answered, said as the Runs section says it. */
type SaveNote = { kind: 'status' | 'error'; text: string };

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
  /** After a save: the file's name ('' when it failed) and what to say, and the data file to offer to save too, if any. */
  onSaved: (fileName: string, message: string, dataFile: string | null) => void;
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
      onOpened(
        openedText(text, fileName, (draft) => ({
          draft: { ...draft, data },
          note: dataProblem ? `${dataProblem} Pick the data file below.` : null,
        })),
      );
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
      (text) =>
        onOpened(
          openedText(text, file.name, (draft) => ({
            draft,
            note: draft.dataName ? `This suite runs once per row of ${draft.dataName}: pick that file below.` : null,
          })),
        ),
      (error: unknown) => onOpened({ error: `${file.name} could not be read: ${thrownMessage(error)}` }),
    );
  }

  /**
   * Saves the suite. Its data file is a file of its own (a download is one file; the save dialog
   * asks for one path), so the message names it and, when the page holds its text, the data file
   * is offered to be saved next, under the name the suite's `data` gives.
   */
  async function save(draft: SuiteDraft) {
    const suggestedName = suiteFileName(draft);
    try {
      const result = await saveTextFile({ suggestedName, content: suiteFileText(draft), mediaType: 'application/json' });
      if (!result.ok) return onSaved('', `The suite was not saved: ${result.error.message}`, null);
      if (!result.value.saved) return;
      const fileName = result.value.path ? baseName(result.value.path) : suggestedName;
      const saved = result.value.path ? `Saved to ${result.value.path}.` : `Saved as ${fileName} (in your downloads).`;
      // A data file held as text is offered to be saved too; a larger one is a file the person picked and has.
      const offer = draft.data && 'text' in draft.data && draft.dataName.trim() !== '' ? draft.dataName.trim() : null;
      onSaved(fileName, `${saved}${dataAdvice(draft)}`, offer);
    } catch (error) {
      onSaved('', `The suite was not saved: ${thrownMessage(error)}`, null);
    }
  }

  /** Saves the data file the page holds under the name the suite's `data` gives; null when the person cancelled. */
  async function saveData(draft: SuiteDraft): Promise<SaveNote | null> {
    const name = draft.dataName.trim();
    if (!draft.data || !('text' in draft.data) || name === '')
      return { kind: 'error', text: 'This page does not hold the data file any more: pick it again to save it.' };
    const suggestedName = baseName(name);
    const notSaved = (why: string): SaveNote => ({ kind: 'error', text: `${suggestedName} was not saved: ${why}` });
    try {
      const result = await saveTextFile({ suggestedName, content: draft.data.text, mediaType: dataMediaType(name) });
      if (!result.ok) return notSaved(result.error.message);
      if (!result.value.saved) return null;
      const where = result.value.path ? `Saved to ${result.value.path}.` : `Saved as ${suggestedName} (in your downloads).`;
      return { kind: 'status', text: `${where} Keep it ${dataPlace(name, suiteFileName(draft))}.` };
    } catch (error) {
      return notSaved(thrownMessage(error));
    }
  }

  return { open, save, saveData, onPicked };
}
