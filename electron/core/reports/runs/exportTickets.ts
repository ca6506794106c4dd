import { randomBytes } from 'node:crypto';
import type { Result } from '../../../shared/api';
import { invalid, ok } from '../../../shared/check';
import type { RunExportStream } from './runExport';

/**
 * A run's export held by the host until it is saved: exportRun answers a ticket (its name and
 * type with it), never the text, which for a large run would be gigabytes; the page then saves
 * it the host's way (saveTextFile): the desktop writes the pieces to the file the person
 * chose, and a browser downloads them from the browser-mode host (GET EXPORT_PATH). Nothing is
 * read from the database before then: the held export is its pieces still to make.
 *
 * A ticket is a random 256-bit value, spent once and good for TICKET_LIFETIME_MS: an address a
 * browser keeps in its downloads list opens nothing later. At most MAX_HELD are held; an older
 * one is let go when a newer one needs its place.
 */

/** Long enough for the page to ask for the save at once; the desktop takes its ticket before its dialog opens. */
export const TICKET_LIFETIME_MS = 60_000;
const MAX_HELD = 16;
/** 32 random bytes in base64url. */
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface ExportTickets {
  /** Holds `file` and answers the one ticket that takes it. */
  issue(file: RunExportStream): string;
  /** The export behind `raw` (from IPC or a URL: unknown), once; the refusal says what to do. */
  take(raw: unknown): Result<RunExportStream>;
}

/** A ticket's form (before it is looked up): the check every host argument that carries one gets. */
export function parseExportTicket(raw: unknown): Result<string> {
  return typeof raw === 'string' && TICKET_SHAPE.test(raw) ? ok(raw) : invalid('"ticket" is not an export ticket of this app.');
}

const AGAIN = 'export the run again.';

export function createExportTickets(now: () => number = () => performance.now()): ExportTickets {
  // In order of issue: the first is the oldest.
  const held = new Map<string, { file: RunExportStream; expires: number }>();
  /** Lets go of one export that will never be written (its pieces were never started, so this reads nothing). */
  const drop = (ticket: string) => {
    void held.get(ticket)?.file.pieces.return(undefined);
    held.delete(ticket);
  };
  return {
    issue(file) {
      for (const [ticket, { expires }] of held) if (expires <= now()) drop(ticket);
      while (held.size >= MAX_HELD) drop(held.keys().next().value!);
      const ticket = randomBytes(32).toString('base64url');
      held.set(ticket, { file, expires: now() + TICKET_LIFETIME_MS });
      return ticket;
    },
    take(raw) {
      const ticket = parseExportTicket(raw);
      if (!ticket.ok) return ticket;
      const found = held.get(ticket.value);
      if (!found) return invalid(`This export was already saved, or is not one this app made: ${AGAIN}`);
      held.delete(ticket.value);
      if (found.expires <= now()) {
        void found.file.pieces.return(undefined);
        return invalid(`This export waited too long to be saved: ${AGAIN}`);
      }
      return ok(found.file);
    },
  };
}
