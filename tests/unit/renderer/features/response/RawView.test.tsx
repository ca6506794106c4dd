import { gzipSync } from 'node:zlib';
import { within, screen } from '@testing-library/react';
import type { InvokeResult, ReceivedBody } from '../../../../../electron/shared/api';
import { exchange, okInvoke } from '../../../../support/fakeApi';
import { activePanel, answered, renderResponse, response, sent } from '../../responseHarness';

/**
 * The Raw response view says how the body came over the wire (its encoding and sizes) and shows
 * its first bytes as received, as a hex dump, on request; a failed exchange shows them too.
 */

const BODY = '{"answer":"Hello Ada","duration":"850ms"}';

function withReceived(received: ReceivedBody, responseBytes = BODY.length, responseBody = BODY): InvokeResult {
  const result = okInvoke('Hello Ada');
  if (!result.ok) throw new Error('unreachable');
  return { ok: true, value: { ...result.value, exchange: { ...result.value.exchange, responseBody, responseBytes, received } } };
}

async function openRaw(result: InvokeResult) {
  const view = renderResponse(answered(result, sent()));
  await view.user.click(within(response()).getByRole('tab', { name: 'Raw response' }));
  return view;
}

describe('Raw response: the bytes as received', () => {
  it('says a gzip body was compressed, with both sizes, and shows its bytes as a hex dump when asked', async () => {
    const wire = gzipSync(Buffer.from(BODY));
    const { user } = await openRaw(
      withReceived({ encoding: 'gzip', bytes: wire.byteLength, head: wire.toString('base64'), headTruncated: false }, 1229),
    );
    const panel = activePanel();
    expect(within(panel).getByText(`Over the wire: gzip · ${wire.byteLength} B received · 1.2 KB decoded`)).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Bytes as received, in hex')).toBeNull();

    await user.click(within(panel).getByText('Bytes as received'));
    const dump = within(panel).getByLabelText('Bytes as received, in hex');
    expect(dump).toHaveAttribute('tabindex', '0');
    const lines = dump.textContent!.split('\n');
    // gzip's magic number first, then the rest; the ASCII column shows non-printables as '.'.
    expect(lines[0]).toMatch(/^00000000 {2}1f 8b 08 00 /);
    expect(lines[0]).toMatch(/ {2}\|\.\.\..{13}\|$/);
    expect(lines).toHaveLength(Math.ceil(wire.byteLength / 16));
    expect(within(panel).getByText(`All ${wire.byteLength} B as received.`)).toBeInTheDocument();
  });

  it('says a plain body was not compressed, and that only the first 4 KB of a long one are shown', async () => {
    const head = Buffer.from('<b>not markup</b>'.padEnd(4096, 'x'));
    const { user } = await openRaw(
      withReceived({ encoding: null, bytes: 12_000, head: head.toString('base64'), headTruncated: true }, 12_000),
    );
    const panel = activePanel();
    expect(within(panel).getByText('Over the wire: not compressed · 11.7 KB')).toBeInTheDocument();
    await user.click(within(panel).getByText('Bytes as received'));
    expect(within(panel).getByText('Showing only the first 4 KB of the 11.7 KB received.')).toBeInTheDocument();
    const dump = within(panel).getByLabelText('Bytes as received, in hex');
    expect(dump.textContent).toContain('|<b>not markup</b|');
    expect(dump.querySelector('b')).toBeNull();
    expect(dump.textContent!.split('\n')).toHaveLength(256);
  });

  it('shows the bytes of a plain UTF-8 body from its text, which the record does not repeat', async () => {
    const text = JSON.stringify({ answer: 'héllo', duration: '1ms' });
    const { user } = await openRaw(
      withReceived(
        { encoding: null, bytes: Buffer.byteLength(text), head: null, headTruncated: false, inBody: true },
        Buffer.byteLength(text),
        text,
      ),
    );
    const panel = activePanel();
    await user.click(within(panel).getByText('Bytes as received'));
    const dump = within(panel).getByLabelText('Bytes as received, in hex');
    // "é" is two bytes in UTF-8: c3 a9.
    expect(dump.textContent).toContain('c3 a9');
    expect(within(panel).getByText(`All ${Buffer.byteLength(text)} B as received.`)).toBeInTheDocument();
  });

  it('says why the bytes of a compressed body that held the key were not kept', async () => {
    const { user } = await openRaw(withReceived({ encoding: 'br', bytes: 300, head: null, headTruncated: false, withheld: 'key' }));
    await user.click(within(activePanel()).getByText('Bytes as received'));
    expect(
      within(activePanel()).getByText(/compressed body held the API key, and compressed bytes cannot be redacted/),
    ).toBeInTheDocument();
    expect(within(activePanel()).queryByLabelText('Bytes as received, in hex')).toBeNull();
  });

  it('on a body labelled gzip that is not: the error, and the bytes that came', async () => {
    const plain = Buffer.from('{"answer":"plain"}');
    const failed: InvokeResult = {
      ok: false,
      error: {
        code: 'network',
        message:
          'The server said the body is compressed (Content-Encoding: gzip), but it could not be decoded as such: incorrect header check.',
        exchange: exchange({
          responseBody: null,
          responseBytes: 0,
          received: { encoding: 'gzip', bytes: plain.byteLength, head: plain.toString('base64'), headTruncated: false },
        }),
      },
    };
    const { user } = renderResponse(answered(failed, sent()));
    const alert = within(response()).getByRole('alert');
    expect(within(alert).getByText(/could not be decoded as such/)).toBeInTheDocument();
    await user.click(within(response()).getByText(`Bytes as received (gzip · ${plain.byteLength} B received)`));
    expect(within(response()).getByLabelText('Bytes as received, in hex')).toHaveTextContent('|{"answer":"plain|');
  });

  it('a damaged record whose bytes are not base64 says so instead of failing', async () => {
    const { user } = await openRaw(withReceived({ encoding: 'gzip', bytes: 30, head: 'abc[redacted key]', headTruncated: false }));
    await user.click(within(activePanel()).getByText('Bytes as received'));
    expect(within(activePanel()).getByText('The bytes as received could not be read from this record.')).toBeInTheDocument();
  });

  it('an older record without it shows the body as before', async () => {
    await openRaw(okInvoke('Hello Ada'));
    expect(within(activePanel()).queryByText(/Over the wire/)).toBeNull();
    expect(within(activePanel()).queryByText('Bytes as received')).toBeNull();
  });
});

/** A 600 KB answer whose raw copy the host cut to its first 256 KB. */
function bigAnswerWithCutRawCopy() {
  const answer = 'word '.repeat(120_000);
  const raw = JSON.stringify({ answer, duration: '1s', token: 'tok-9' });
  const result = okInvoke(answer, { duration: '1s', token: 'tok-9' });
  if (result.ok) {
    result.value.exchange = exchange({ responseBody: raw.slice(0, 256 * 1024), responseBytes: raw.length, responseBodyTruncated: true });
  }
  return result;
}

describe('a large answer whose raw copy was cut by the host', () => {
  it('says so in Raw response, and builds the JSON view from the parsed answer', async () => {
    const { user } = renderResponse(answered(bigAnswerWithCutRawCopy()));
    const tabs = within(response()).getByRole('tablist', { name: 'Response views' });

    await user.click(within(tabs).getByRole('tab', { name: 'Raw response' }));
    expect(within(activePanel()).getByRole('note')).toHaveTextContent(/Showing the first 262,144 characters of .* as received/);
    expect(within(activePanel()).queryByRole('button', { name: 'Pretty-print' })).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'JSON' }));
    expect(within(activePanel()).getByText(/Built from the parsed answer/)).toBeInTheDocument();
    const tree = within(activePanel()).getByRole('list', { name: 'JSON tree' });
    expect(within(tree).getByText('"tok-9"')).toBeInTheDocument();
    expect(screen.queryByText(/The body is not JSON/)).toBeNull();
  });
});
