import type { ExportTickets } from '../../electron/core/reports/runs/exportTickets';
import type { RunExportStream } from '../../electron/core/reports/runs/runExport';

/** The whole text of a run export, its pieces joined as a save writes them one after another. */
export async function exportText(file: RunExportStream): Promise<string> {
  let text = '';
  for await (const piece of file.pieces) text += piece;
  return text;
}

/** The whole text of the run export held behind `ticket` (which this spends). */
export async function heldExportText(exports: Pick<ExportTickets, 'take'>, ticket: string): Promise<string> {
  const held = exports.take(ticket);
  if (!held.ok) throw new Error(held.error.message);
  return exportText(held.value);
}
