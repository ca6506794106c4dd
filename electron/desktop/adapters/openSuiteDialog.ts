import path from 'node:path';
import type { BaseWindow, Dialog } from 'electron';
import { readCapped } from '../../core/storage/cappedFile';
import { readDataBeside } from '../../core/runs/dataFile';
import { MAX_SUITE_BYTES } from '../../shared/runs/runLimits';
import type { Result, Shell } from '../../shared/api';
import type { OpenedSuiteFile, RunDataFile } from '../../shared/api';
import { isPlainObject } from '../../shared/check';

/**
 * Opening a suite file in the desktop app: the system's open dialog, attached to the window,
 * for one `.json` file; then the data file the suite names, read from beside it. What may be
 * read, and how, is the core's (core/runs/dataFile.ts), the same check the command line makes:
 * a suite's `data` is read only inside its folder, as a regular .csv or .jsonl file, both files
 * up to a size cap. A data file that is not read gets `dataProblem` saying why, and the page asks
 * the person to pick the file, which is then their own choice.
 */

/** The `data` a suite text names, or null (not JSON, no `data`, not a string: startRun reports those). */
function namedData(text: string): string | null {
  try {
    const suite = JSON.parse(text) as unknown;
    if (!isPlainObject(suite)) return null;
    const data = suite['data'];
    return typeof data === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** The data file `name` beside the suite, or why the page must ask the person for it. */
async function dataBeside(suiteFile: string, name: string): Promise<{ data: RunDataFile | null; dataProblem: string | null }> {
  const read = await readDataBeside(suiteFile, name);
  if (!read.ok) return { data: null, dataProblem: `The data file "${name}" was not read: ${read.reason}. Choose it yourself.` };
  return { data: { name, text: read.text }, dataProblem: null };
}

export function openSuiteDialogApi(dialog: Pick<Dialog, 'showOpenDialog'>, window: () => BaseWindow | null): Pick<Shell, 'openSuiteFile'> {
  return {
    async openSuiteFile(): Promise<Result<OpenedSuiteFile | null>> {
      const options = {
        title: 'Open suite',
        filters: [{ name: 'Suite (JSON)', extensions: ['json'] }],
        properties: ['openFile'] as Array<'openFile'>,
      };
      let chosen: string | undefined;
      try {
        const parent = window();
        const choice = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
        if (choice.canceled) return { ok: true, value: null };
        chosen = choice.filePaths[0];
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, error: { code: 'internal', message: `The open dialog failed: ${reason}` } };
      }
      if (chosen === undefined) return { ok: true, value: null };
      const suite = await readCapped(chosen, MAX_SUITE_BYTES, 'suite file');
      if (!suite.ok) {
        return {
          ok: false,
          error: { code: suite.tooLarge ? 'too_large' : 'internal', message: `${path.basename(chosen)} was not opened: ${suite.reason}.` },
        };
      }
      const name = namedData(suite.text);
      const beside = name === null ? { data: null, dataProblem: null } : await dataBeside(chosen, name);
      return { ok: true, value: { fileName: path.basename(chosen), text: suite.text, ...beside } };
    },
  };
}
