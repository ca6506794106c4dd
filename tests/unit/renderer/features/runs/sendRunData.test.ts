import { describe, expect, it } from 'vitest';
import type { Api, Result } from '../../../../../electron/shared/api';
import { MAX_DATA_PIECE_CHARS } from '../../../../../electron/shared/runs/runLimits';
import { heldBytes, sendRunData } from '../../../../../renderer/features/runs/sendRunData';

/** The page sends a run's data file in pieces, never whole, and never cuts a character in two. */

function host(refuseAt = Number.POSITIVE_INFINITY) {
  const pieces: string[] = [];
  let bytes = 0;
  const api: Pick<Api, 'beginRunData' | 'appendRunData'> = {
    beginRunData: async ({ name }) => ({ ok: true, value: { uploadId: `upload-of-${name}` } }),
    appendRunData: async ({ text }): Promise<Result<{ bytes: number }>> => {
      if (pieces.length === refuseAt) return { ok: false, error: { code: 'too_large', message: 'rows.csv is larger than 1 MB' } };
      pieces.push(text);
      bytes += Buffer.byteLength(text);
      return { ok: true, value: { bytes } };
    },
  };
  return { api, pieces };
}

describe('sending a data file', () => {
  it('sends held text in pieces of at most the limit, a surrogate pair never split, and names it by the upload', async () => {
    const { api, pieces } = host();
    // The first piece would end on the first half of 🙂.
    const text = `${'a'.repeat(MAX_DATA_PIECE_CHARS - 1)}🙂${'b'.repeat(10)}`;
    const sent: number[] = [];
    const answer = await sendRunData(api, { name: 'rows.csv', text }, (bytes) => sent.push(bytes));
    expect(answer).toEqual({ ok: true, value: { name: 'rows.csv', uploadId: 'upload-of-rows.csv' } });
    expect(pieces.map((piece) => piece.length)).toEqual([MAX_DATA_PIECE_CHARS - 1, 12]);
    expect(pieces.join('')).toBe(text);
    expect(sent.at(-1)).toBe(heldBytes({ name: 'rows.csv', text }));
  });

  it('reads a picked file a slice at a time, a UTF-8 character cut between slices decoded whole', async () => {
    const { api, pieces } = host();
    // "é" is two bytes: the first slice ends between them.
    const text = `${'x'.repeat(MAX_DATA_PIECE_CHARS - 1)}é${'y'.repeat(5)}\n`;
    const file = new Blob([text]);
    const sent: number[] = [];
    expect((await sendRunData(api, { name: 'big.csv', file }, (bytes) => sent.push(bytes))).ok).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(2);
    expect(sent).toEqual([MAX_DATA_PIECE_CHARS, file.size]);
  });

  it('stops at the host’s refusal and says why', async () => {
    const { api } = host(1);
    const answer = await sendRunData(api, { name: 'rows.csv', text: 'x'.repeat(MAX_DATA_PIECE_CHARS * 3) });
    expect(answer).toEqual({ ok: false, error: { code: 'too_large', message: 'rows.csv is larger than 1 MB' } });
  });
});
