import { memo, useMemo } from 'react';
import type { JsonValue } from '../../../electron/shared/api';
import { formatBytes } from '../../lib/format';
import { CopyButton } from '../../ui/CopyButton';
import { JsonTree } from './JsonTree';

/** Bodies up to this size are pretty-printed for copying; bigger ones are copied as received. */
const PRETTY_COPY_MAX_CHARS = 1024 * 1024;

type Parsed = { ok: true; value: JsonValue } | { ok: false };

function parse(body: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(body) as JsonValue };
  } catch {
    return { ok: false };
  }
}

/**
 * The response body as a JSON tree. Parsed only when this view is first opened (the views
 * render lazily), since parsing a 30 MB body takes a noticeable moment.
 */
export const JsonView = memo(function JsonView({
  body,
  bytes,
  truncated = false,
  parsedAnswer,
}: {
  body: string | null;
  bytes: number;
  /** The host sent only the start of a large successful body; `parsedAnswer` holds its content. */
  truncated?: boolean;
  parsedAnswer?: JsonValue;
}) {
  const fromAnswer = truncated && parsedAnswer !== undefined;
  const parsed = useMemo<Parsed | null>(
    () => (fromAnswer ? { ok: true, value: parsedAnswer } : body === null ? null : parse(body)),
    [fromAnswer, parsedAnswer, body],
  );
  const copyText = useMemo(() => {
    if (fromAnswer && parsed?.ok) return JSON.stringify(parsed.value);
    if (body === null || !parsed?.ok || body.length > PRETTY_COPY_MAX_CHARS) return body ?? '';
    return JSON.stringify(parsed.value, null, 2);
  }, [fromAnswer, body, parsed]);

  return (
    <div className="view">
      <div className="cluster view-toolbar">
        <span className="muted small">
          {fromAnswer
            ? 'Built from the parsed answer (the body is too large to send twice); fields beyond the contract are not shown.'
            : 'Deep or large parts start collapsed; long strings are cut.'}
        </span>
        <span className="view-size">{formatBytes(bytes)}</span>
        {parsed?.ok && <CopyButton text={copyText} label="Copy JSON" />}
      </div>
      {parsed === null ? (
        <p className="muted">No body arrived.</p>
      ) : parsed.ok ? (
        <JsonTree value={parsed.value} />
      ) : (
        <p className="muted">The body is not JSON; the Raw response view shows it as received.</p>
      )}
    </div>
  );
});
