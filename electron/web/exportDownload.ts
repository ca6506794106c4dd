import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RunExportStream } from '../core/reports/runs/runExport';
import { inChunks } from '../core/storage/safeWrite';

/**
 * Browser mode's answer to GET EXPORT_PATH: a held run export (exportTickets.ts) as a download,
 * its pieces read from the database and sent as they come. `pipeline` gives the backpressure:
 * the next piece is read only once the socket has taken the last, so a slow browser slows the
 * reads instead of filling the host's memory; a download the browser drops stops them (the
 * pieces' generator is returned, and reads nothing more).
 */
export async function sendExport(response: ServerResponse, file: RunExportStream, headers: Record<string, string>): Promise<void> {
  response.writeHead(200, {
    'content-type': `${file.mediaType}; charset=utf-8`,
    'content-disposition': attachment(file.fileName),
    'cache-control': 'no-store',
    ...headers,
  });
  try {
    await pipeline(Readable.from(inChunks(file.pieces)), response);
  } catch {
    // The browser went away, or a read failed half-way: the download ends unfinished, which the
    // browser shows as failed. Nothing else is waiting on it.
    response.destroy();
  }
}

/**
 * The Content-Disposition of a download named `fileName` (letters, digits, `.`, `_`, `-`:
 * runExport.ts makes it so): the name as RFC 6266 gives it, and an ASCII stand-in for
 * browsers that read only `filename`.
 */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
