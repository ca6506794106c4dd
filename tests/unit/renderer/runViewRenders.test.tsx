import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as format from '../../../renderer/lib/format';
import { FakeApi } from '../../support/fakeApi';
import { renderRunView, resultRows, rows, seedRunning, useRunLayout } from './features/runs/view/runViewHarness';

// Every result row formats its two timings: counting the calls counts the rows that rendered.
vi.mock('../../../renderer/lib/format', async (importOriginal) => {
  const actual = await importOriginal<typeof format>();
  return { ...actual, formatMs: vi.fn(actual.formatMs) };
});

/**
 * A 1000-result run streams without re-rendering the table row by row: an event renders the
 * rows that changed, not every row in the window again (the smoothness the issue asks for
 * comes from this and from the window; a real-Chromium timing needs the host, see the report).
 */
describe('RunView rendering', () => {
  useRunLayout();

  it('re-renders no row already in view when results arrive below it', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 1000);
    renderRunView('run-7', fake);
    await screen.findByText('No results yet.');
    act(() => fake.runs.push('run-7', rows(0, 100)));
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    const formatMs = vi.mocked(format.formatMs);
    for (let batch = 1; batch < 10; batch += 1) {
      formatMs.mockClear();
      act(() => fake.runs.push('run-7', rows(batch * 100, 100)));
      await waitFor(() =>
        expect(screen.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', String((batch + 1) * 100 + 1)),
      );
      expect(formatMs).not.toHaveBeenCalled();
    }
    expect(screen.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '1000');
  });
});
