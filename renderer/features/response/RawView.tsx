import { memo, useMemo } from 'react';
import type { ReceivedBody } from '../../../electron/shared/api';
import { formatBytes } from '../../lib/format';
import { formatCount } from '../../lib/textChunks';
import { CopyButton } from '../../ui/CopyButton';
import { BodyText } from '../../ui/ExchangeDetails';
import { ReceivedBytes } from '../../ui/ReceivedBytes';
import type { PrefsUpdate } from './prefs';
import { ToggleButton } from '../../ui/ToggleButton';

/** Pretty-printing is offered up to this size; past it, parsing and re-printing would stall the page. */
const PRETTY_MAX_CHARS = 4 * 1024 * 1024;
/** …and is on by default up to this size. */
const PRETTY_DEFAULT_MAX_CHARS = 1024 * 1024;

function pretty(body: string): string | null {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return null;
  }
}

/**
 * The response body as text. JSON is pretty-printed by default when it is small; "As
 * received" shows the exact text, which is also what Copy copies. Long bodies are revealed a
 * piece at a time. Above the text: how the body came over the wire (its encoding and size), and
 * its first bytes as received, as a hex dump, on request.
 */
export const RawView = memo(function RawView({
  body,
  bytes,
  truncated = false,
  received,
  asReceived,
  onPrefs,
}: {
  body: string | null;
  bytes: number;
  /** The body as it came over the wire; absent on older records. */
  received?: ReceivedBody | undefined;
  /** Only the start of the body is here (the host cut the raw copy of a large answer). */
  truncated?: boolean;
  /** The person's choice; null means "the default for this size". */
  asReceived: boolean | null;
  onPrefs: PrefsUpdate;
}) {
  const canPretty = !truncated && body !== null && body.length <= PRETTY_MAX_CHARS;
  const wantPretty = canPretty && (asReceived === null ? (body?.length ?? 0) <= PRETTY_DEFAULT_MAX_CHARS : !asReceived);
  const printed = useMemo(() => (wantPretty && body !== null ? pretty(body) : null), [wantPretty, body]);
  const shown = printed ?? body;

  return (
    <div className="view">
      <div className="cluster view-toolbar">
        {canPretty && (
          <ToggleButton
            pressed={printed !== null}
            disabled={wantPretty && printed === null}
            title={wantPretty && printed === null ? 'The body is not JSON' : 'Indent the JSON; off shows the exact text'}
            onToggle={() => onPrefs({ rawAsReceived: printed !== null })}
          >
            Pretty-print
          </ToggleButton>
        )}
        <span className="view-size">
          {formatBytes(bytes)}
          {body !== null && ` · ${formatCount(body.length, 'character')}`}
        </span>
        {body !== null && <CopyButton text={body} label="Copy raw response" />}
      </div>
      {received && <ReceivedBytes received={received} decodedBytes={body === null ? null : bytes} body={body} />}
      {truncated && body !== null && (
        <p className="muted small" role="note">
          Showing the first {formatCount(body.length, 'character')} of {formatBytes(bytes)} as received. The Answer view holds all of it.
        </p>
      )}
      <BodyText shown={shown} className="code-block raw-body" />
    </div>
  );
});
