import path from 'node:path';
import type { BaseWindow, Dialog } from 'electron';
import type { ExportTickets } from '../../core/reports/runs/exportTickets';
import { writeFileSafely, type FileContent } from '../../core/storage/safeWrite';
import { SAVED_FILE_TYPES, type Result, type Shell } from '../../shared/api';

/**
 * Saving a file the app made (a QA report, a workspace file, an exported run) in the desktop
 * app: the system's save dialog, attached to the window so it is modal, starting in Downloads
 * with the suggested name. The person chooses the place; the dialog asks before replacing a
 * file (Windows and macOS always do; on Linux only with `showOverwriteConfirmation`, per
 * Electron's dialog docs). The session refuses downloads (main.ts), so a page download would go
 * nowhere here: this is the desktop's way. The content is written as UTF-8 through the one safe
 * write (safeWrite.ts): a new 0600 file renamed into place, so a symlink at the chosen name is
 * replaced, never written through, and the file is owner-only whatever the old one's mode (a
 * report holds what servers answered, though never a key).
 *
 * An exported run comes as a ticket (exportTickets.ts), taken before the dialog opens (however
 * long the person takes to choose, it cannot expire): its pieces are read from the database and
 * written as they come, so the main process never holds the file, and goes on answering between
 * pieces. Cancelled, it is let go unread.
 */
export function saveDialogApi(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BaseWindow | null,
  downloadsDir: () => string,
  exports: Pick<ExportTickets, 'take'>,
): Pick<Shell, 'saveTextFile'> {
  return {
    async saveTextFile(request) {
      const { suggestedName, mediaType } = request;
      let content: FileContent;
      let release: () => void = () => undefined;
      if ('ticket' in request) {
        const held = exports.take(request.ticket);
        if (!held.ok) return held;
        content = held.value.pieces;
        release = () => void held.value.pieces.return(undefined);
      } else content = request.content;
      const type = SAVED_FILE_TYPES[mediaType];
      const options = {
        defaultPath: path.join(downloadsDir(), suggestedName),
        filters: [{ name: type.label, extensions: [type.extension] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
      };
      try {
        const parent = window();
        const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) {
          release();
          return { ok: true, value: { saved: false, path: null } };
        }
        await writeFileSafely(choice.filePath, content);
        return { ok: true, value: { saved: true, path: choice.filePath } };
      } catch (error) {
        release();
        return notSaved(error);
      }
    },
  };
}

function notSaved(error: unknown): Result<never> {
  const reason = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: 'internal', message: `The file could not be saved: ${reason}` } };
}
