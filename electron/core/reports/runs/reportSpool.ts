import { rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createScratchFile } from '../../storage/safeWrite';
import type { ReportWriter } from './reportWriter';
import type { RunReport, RunReportResult } from './runReport';

/**
 * A report written while the run goes: each result's text (reportWriter.ts) goes to a scratch
 * file per section beside the report (owner-only, named as the one safe write names its
 * temporary files), about 64 KB at a time, and the result is not kept. When the run is over the
 * report is the frame, which holds the totals, around the scratch files read back in order: its
 * pieces are handed to the one safe write (or to standard output), then the scratch files are
 * removed. Memory holds one chunk per section, whatever the run's size.
 */

const CHUNK_CHARS = 65_536;
const READ_BYTES = 65_536;

interface Section {
  scratch: Promise<{ path: string; handle: FileHandle }>;
  text: string;
}

export interface ReportSpool {
  /** The next result in plan order. */
  add(result: RunReportResult): void;
  /**
   * The whole report, from the report without its results: the frame's text and the scratch
   * files' bytes (UTF-8), in order; a piece of bytes is only good until the next is asked for.
   * Throws the system's error when a scratch file could not be written.
   */
  pieces(head: RunReport): AsyncGenerator<string | Uint8Array>;
  /** Closes and removes the scratch files (after `pieces`, or instead of it). */
  discard(): Promise<void>;
}

/**
 * Starts a report to be written at `file` (or, for standard output, a name in a private folder):
 * its first scratch file is made now, so a place that cannot be written is known before the run
 * starts (the system's error is thrown). `writer` is given later, when the suite's name is known.
 */
export async function openReportSpool(file: string): Promise<{ start(writer: ReportWriter): ReportSpool; discard(): Promise<void> }> {
  const first = await createScratchFile(file);
  const sections: Section[] = [{ scratch: Promise.resolve(first), text: '' }];
  // Writes are chained, so they land in order; the first error is kept and thrown by `pieces`.
  let written: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let discarded = false;

  const section = (index: number): Section => {
    while (sections.length <= index) {
      const scratch = createScratchFile(file);
      // A failure is said by `pieces`; not an unhandled rejection meanwhile.
      scratch.catch(() => undefined);
      sections.push({ scratch, text: '' });
    }
    return sections[index]!;
  };
  const flush = (target: Section) => {
    const chunk = target.text;
    target.text = '';
    written = written
      .then(async () => {
        if (failure === null) await (await target.scratch).handle.writeFile(chunk, 'utf8');
      })
      .catch((error: unknown) => {
        failure ??= error;
      });
  };
  /**
   * A scratch file's bytes, a piece at a time, each piece in the same buffer: the reader is done
   * with a piece when it asks for the next (a gigabyte's report read back must not leave a
   * buffer a piece for the collector to find, which showed as a rise of the process's memory at
   * the end of a run of a million results).
   */
  async function* readBack(target: Section): AsyncGenerator<Uint8Array> {
    const { handle } = await target.scratch;
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }
  const discard = async () => {
    if (discarded) return;
    discarded = true;
    await written;
    for (const { scratch } of sections) {
      const opened = await scratch.catch(() => null);
      if (opened === null) continue;
      await opened.handle.close().catch(() => undefined);
      await rm(opened.path, { force: true });
    }
  };

  return {
    discard,
    start(writer) {
      return {
        add(result) {
          writer.add(result).forEach((text, index) => {
            const target = section(index);
            target.text += text;
            if (target.text.length >= CHUNK_CHARS) flush(target);
          });
        },
        async *pieces(head) {
          const frame = writer.frame(head);
          for (let index = 0; index < writer.sections; index += 1) flush(section(index));
          await written;
          if (failure !== null) throw failure;
          for (let index = 0; index < frame.length; index += 1) {
            yield frame[index]!;
            if (index < writer.sections) yield* readBack(section(index));
          }
        },
        discard,
      };
    },
  };
}
