import type { Api, Result, RunDataFile, RunDataRef } from '../../../electron/shared/api';
import { MAX_DATA_PIECE_CHARS } from '../../../electron/shared/runs/runLimits';

/**
 * A data file as the page holds it: its text, when small enough to keep with the suite's draft
 * (runLimits' MAX_DATA_BYTES), or else the file the person picked, which the page reads only to
 * send it (a file of a million rows is never one string in the page).
 */
export type HeldDataFile = RunDataFile | { name: string; file: Blob };

/** The bytes a held data file sends (its text as UTF-8, or the file's size). */
export function heldBytes(data: HeldDataFile): number {
  return 'file' in data ? data.file.size : new TextEncoder().encode(data.text).length;
}

/** The held data file's text, a piece of at most MAX_DATA_PIECE_CHARS characters at a time, never cutting a character in two. */
async function* piecesOf(data: HeldDataFile): AsyncGenerator<{ text: string; bytes: number }> {
  if ('text' in data) {
    const encoder = new TextEncoder();
    for (let from = 0; from < data.text.length;) {
      let to = Math.min(data.text.length, from + MAX_DATA_PIECE_CHARS);
      // A piece ending on the first half of a surrogate pair would send half a character.
      if (to < data.text.length && /[\uD800-\uDBFF]/.test(data.text[to - 1]!)) to -= 1;
      const text = data.text.slice(from, to);
      yield { text, bytes: encoder.encode(text).length };
      from = to;
    }
    return;
  }
  // A piece of bytes decodes to at most as many characters; the decoder keeps a character cut at a piece's end for the next.
  const decoder = new TextDecoder('utf-8');
  for (let from = 0; from < data.file.size; from += MAX_DATA_PIECE_CHARS) {
    const slice = data.file.slice(from, from + MAX_DATA_PIECE_CHARS);
    const text = decoder.decode(await slice.arrayBuffer(), { stream: true });
    yield { text, bytes: slice.size };
  }
  const rest = decoder.decode();
  if (rest !== '') yield { text: rest, bytes: 0 };
}

/**
 * Sends a run's data file to the host a piece at a time (each piece written to the host's file
 * before the next is sent) and answers what startRun names it by. `onSent` hears the bytes sent so far.
 */
export async function sendRunData(
  api: Pick<Api, 'beginRunData' | 'appendRunData'>,
  data: HeldDataFile,
  onSent?: (bytes: number) => void,
): Promise<Result<RunDataRef>> {
  const begun = await api.beginRunData({ name: data.name });
  if (!begun.ok) return begun;
  const { uploadId } = begun.value;
  let sent = 0;
  for await (const piece of piecesOf(data)) {
    if (piece.text === '') continue;
    const appended = await api.appendRunData({ uploadId, text: piece.text });
    if (!appended.ok) return appended;
    sent += piece.bytes;
    onSent?.(sent);
  }
  return { ok: true, value: { name: data.name, uploadId } };
}
