import type { HistoryEntry } from '../../../electron/shared/api';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ExchangeExtras, ExchangeSummary } from '../../ui/ExchangeDetails';
import { TlsFact } from '../response/TlsFact';
import { Waterfall } from '../response/Waterfall';

type SavedEntry = Extract<HistoryEntry, { what: 'saved' }>;

/**
 * An opened "Save the whole body to a file" entry. The request was sent again and its body
 * streamed into a file, never read: so there is no answer to show, only what the exchange was
 * (status, round trip, timing, headers, the request) and, where the body would be, where it went.
 * A save that failed shows its error as any failure does. Same region name as the Response view.
 */
export function SavedEntryView({ entry }: { entry: SavedEntry }) {
  const asked = entry.request;
  const target = asked.kind === 'invoke' ? asked.request.agentId : asked.request.guidelineId;
  const exchange = entry.result.ok ? entry.result.value.exchange : null;
  return (
    <section aria-label="Response" className="card response">
      <div className="card-head">
        <h2 className="card-title">
          {asked.kind === 'invoke' ? `Response from ${target}, saved to a file` : `Guideline ${target}, saved to a file`}
        </h2>
      </div>
      {entry.result.ok && exchange ? (
        <div className="result">
          <ExchangeSummary exchange={exchange} />
          <p role="note">
            The answer was saved to <code className="mono">{entry.result.value.path}</code> ({entry.result.value.bytes} bytes)
            {entry.result.value.limitReached ? `, cut at the save-to-file limit of ${entry.result.value.limitBytes} bytes` : ''}. It was not
            read, so it is not shown here.
          </p>
          {exchange.timing && <Waterfall timing={exchange.timing} />}
          {exchange.tls && (
            <dl className="facts">
              <TlsFact tls={exchange.tls} />
            </dl>
          )}
          <ExchangeExtras exchange={exchange} />
        </div>
      ) : (
        !entry.result.ok && (
          <div className="result">
            <ErrorPanel error={entry.result.error} profileId={entry.profile.id} />
          </div>
        )
      )}
    </section>
  );
}
