import { memo } from 'react';
import type { ExchangeRecord } from '../../../electron/shared/contract';
import { formatCount } from '../../lib/textChunks';

/**
 * The response headers as received (the host lower-cases names; values that could carry the
 * key are redacted there before they reach the page).
 */
export const HeadersView = memo(function HeadersView({ exchange }: { exchange: ExchangeRecord }) {
  const headers = Object.entries(exchange.responseHeaders);
  return (
    <div className="view">
      <div className="view-toolbar">
        <span className="muted small">Response headers, as received</span>
        <span className="view-size">{formatCount(headers.length, 'header')}</span>
      </div>
      {headers.length === 0 ? (
        <p className="muted">None recorded.</p>
      ) : (
        <dl className="header-list header-table mono">
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
});
