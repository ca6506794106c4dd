import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StartRunRequest } from '../../../../../electron/shared/api';
import { MAX_DATA_BYTES, MAX_DATA_PIECE_CHARS } from '../../../../../electron/shared/runs/runLimits';
import { FakeApi } from '../../../../support/fakeApi';
import { AGENT, caseGroup, openRuns, runsRegion } from './runsSuiteHarness';

/**
 * A data file larger than the page holds as text (an evaluation set of a million rows) is kept
 * as the picked file: its size is shown, it is not kept with the draft, and a run sends it to the
 * host in pieces, which the host's run reads row by row.
 */

/** A CSV just over the size the page holds as text: `rows` rows, each padded to share the size. */
function bigCsv(rows: number): File {
  const pad = 'x'.repeat(Math.ceil(MAX_DATA_BYTES / rows));
  const lines = Array.from({ length: rows }, (_, index) => `${index + 1},${pad}`);
  return new File([`n,pad\n${lines.join('\n')}\n`], 'eval.csv', { type: 'text/csv' });
}

describe('a data file too large to hold as text', () => {
  it('shows its size, says the draft cannot keep it, and runs every row, sent to the host in pieces', async () => {
    const fake = new FakeApi();
    const { user } = await openRuns(fake);
    await user.type(within(caseGroup(1)).getByRole('combobox', { name: 'Agent' }), AGENT);
    await user.type(within(caseGroup(1)).getByRole('textbox', { name: 'Text' }), 'row {{{{n}}');
    const file = bigCsv(12);
    expect(file.size).toBeGreaterThan(MAX_DATA_BYTES);
    await user.upload(within(runsRegion()).getByLabelText('Data file (.csv, .jsonl or .json)'), file);

    expect(await within(runsRegion()).findByText(/: 16 MB; its rows are read as the run starts/)).toBeInTheDocument();
    expect(
      within(runsRegion()).getByText('The data file is too large to keep with the draft: pick it again after a restart.'),
    ).toBeInTheDocument();

    // The second piece is held back: meanwhile the page says how much is sent.
    const append = fake.appendRunData.bind(fake);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let pieceCount = 0;
    fake.appendRunData = async (piece) => {
      pieceCount += 1;
      if (pieceCount === 2) await held;
      return append(piece);
    };
    await user.click(within(runsRegion()).getByRole('button', { name: 'Run suite' }));
    expect(await within(runsRegion()).findByText('Sending eval.csv: 1 MB of 16 MB…')).toBeInTheDocument();
    release();
    expect(await within(runsRegion()).findByText('Run started: 12 requests.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const pieces = fake.callsOf('appendRunData') as Array<{ uploadId: string; text: string }>;
    expect(pieces.length).toBeGreaterThan(MAX_DATA_BYTES / MAX_DATA_PIECE_CHARS);
    expect(Math.max(...pieces.map((piece) => piece.text.length))).toBeLessThanOrEqual(MAX_DATA_PIECE_CHARS);
    expect(pieces.map((piece) => piece.text).join('')).toBe(await file.text());
    const request = fake.callsOf('startRun')[0] as StartRunRequest;
    expect(request.data).toEqual({ name: 'eval.csv', uploadId: pieces[0]!.uploadId });
    // The page kept no text of it: the draft the host keeps names the file but holds no data.
    const keptDraft = async () => {
      const kept = await fake.loadSuiteDraft();
      return kept.ok ? (kept.value.draft as { cases: Array<{ agent: string }>; data: unknown } | null) : null;
    };
    await expect.poll(async () => (await keptDraft())?.cases[0]?.agent).toBe(AGENT);
    expect(await keptDraft()).toMatchObject({ dataName: 'eval.csv', data: null });
  });
});
