import { describe, expect, it } from 'vitest';
import { rowsInView, scrollFor } from '../../../../../../renderer/features/runs/view/rowWindow';

/** The rows in view of a list of fixed-height rows: a few dozen whatever the count, and every row reachable. */

const H = 36;
const view = (top: number) => ({ top, height: 480 });
/** The rows whose whole height is on screen. */
const seen = (count: number, top: number) =>
  rowsInView(count, H, view(top), 0)
    .rows.filter((row) => row.start >= top - 0.001 && row.start + H <= top + 480.001)
    .map((row) => row.index);

describe('rowsInView', () => {
  it('places rows at their height times their index while the list fits', () => {
    const { rows, height } = rowsInView(100, H, view(360), 2);
    expect(height).toBe(3600);
    expect(rows[0]).toEqual({ index: 8, start: 288 });
    expect(rows.at(-1)!.index).toBe(26);
    for (const row of rows) expect(row.start).toBe(row.index * H);
  });

  it('keeps a million rows under every browser height limit, with the first and the last row reachable', () => {
    const count = 1_000_000;
    const { height, rows } = rowsInView(count, H, view(0), 8);
    expect(height).toBeLessThanOrEqual(8_000_000);
    expect(rows.length).toBeLessThan(40);
    expect(seen(count, 0)[0]).toBe(0);
    // The scroll bar at its end shows the last row, whole.
    expect(seen(count, height - 480).at(-1)).toBe(count - 1);
    // Half-way down the bar is half-way down the list.
    expect(Math.abs(seen(count, (height - 480) / 2)[0]! - count / 2)).toBeLessThan(20);
  });

  it('scrolls the least that brings a row into view, near or far, and not at all when it is in view', () => {
    for (const count of [1000, 1_000_000]) {
      expect(scrollFor(count, H, view(0), 3)).toBeNull();
      for (const index of [20, count / 2, count - 1]) {
        const top = scrollFor(count, H, view(0), index)!;
        expect(seen(count, top)).toContain(index);
        // Back up to the first.
        expect(seen(count, scrollFor(count, H, view(top), 0)!)).toContain(0);
      }
    }
  });
});
