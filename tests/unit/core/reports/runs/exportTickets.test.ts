import { describe, expect, it } from 'vitest';
import { createExportTickets, TICKET_LIFETIME_MS } from '../../../../../electron/core/reports/runs/exportTickets';
import type { RunExportStream } from '../../../../../electron/core/reports/runs/runExport';
import { exportText } from '../../../../support/heldExports';

/** A held export of `text`, whose pieces say whether they were ever read. */
function file(text = 'a,b\r\n') {
  const state = { read: false };
  async function* pieces() {
    state.read = true;
    yield text;
  }
  const held: RunExportStream = { fileName: 'orders-run-2026-11-23.csv', mediaType: 'text/csv', pieces: pieces() };
  return { held, state };
}

describe('export tickets', () => {
  it('give the held export to the first taker only', async () => {
    const tickets = createExportTickets();
    const { held } = file('x,y\r\n');
    const ticket = tickets.issue(held);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const taken = tickets.take(ticket);
    expect(taken.ok && (await exportText(taken.value))).toBe('x,y\r\n');
    expect(tickets.take(ticket)).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'This export was already saved, or is not one this app made: export the run again.' },
    });
  });

  it('are each their own: a ticket takes only its export', async () => {
    const tickets = createExportTickets();
    const first = tickets.issue(file('first').held);
    const second = tickets.issue(file('second').held);
    expect(first).not.toBe(second);
    const taken = tickets.take(second);
    expect(taken.ok && (await exportText(taken.value))).toBe('second');
    expect(tickets.take(first).ok).toBe(true);
  });

  it('refuse a ticket never issued', () => {
    const tickets = createExportTickets();
    tickets.issue(file().held);
    expect(tickets.take('A'.repeat(43))).toMatchObject({ ok: false, error: { message: expect.stringContaining('not one this app made') } });
  });

  it.each([
    ['not text', 42],
    ['missing', undefined],
    ['null', null],
    ['too short', 'abc'],
    ['too long', 'A'.repeat(44)],
    ['a path', '../../../etc/passwd'],
    ['with a query', `${'A'.repeat(40)}&x=`],
    ['an object', { ticket: 'A'.repeat(43) }],
  ])('refuse a malformed value (%s) before looking anything up', (_, raw) => {
    expect(createExportTickets().take(raw)).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: '"ticket" is not an export ticket of this app.' },
    });
  });

  it('expire unread after their lifetime, and the export is let go', () => {
    let now = 1_000;
    const tickets = createExportTickets(() => now);
    const { held, state } = file();
    const ticket = tickets.issue(held);
    now += TICKET_LIFETIME_MS;
    expect(tickets.take(ticket)).toMatchObject({
      ok: false,
      error: { message: 'This export waited too long to be saved: export the run again.' },
    });
    // Spent by the refusal too, and its pieces were never read.
    expect(tickets.take(ticket)).toMatchObject({ ok: false, error: { message: expect.stringContaining('already saved') } });
    expect(state.read).toBe(false);
  });

  it('are good until just before their lifetime ends', () => {
    let now = 0;
    const tickets = createExportTickets(() => now);
    const ticket = tickets.issue(file().held);
    now = TICKET_LIFETIME_MS - 1;
    expect(tickets.take(ticket).ok).toBe(true);
  });

  it('hold a bounded number: the oldest is let go when a new one needs its place', () => {
    const tickets = createExportTickets();
    const issued = Array.from({ length: 17 }, () => tickets.issue(file().held));
    expect(tickets.take(issued[0]).ok).toBe(false);
    expect(issued.slice(1).every((ticket) => tickets.take(ticket).ok)).toBe(true);
  });
});
