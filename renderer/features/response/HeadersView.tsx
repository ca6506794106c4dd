import { memo } from 'react';
import type { ExchangeRecord } from '../../../electron/shared/api';
import { formatCount } from '../../lib/textChunks';
import { HeaderList } from '../../ui/ExchangeDetails';

/**
 * The response headers as received (the host lower-cases names; values that could carry the
 * key are redacted there before they reach the page).
 */
export const HeadersView = memo(function HeadersView({ exchange }: { exchange: ExchangeRecord }) {
  const headers = Object.entries(exchange.responseHeaders);
  return (
    <div className="view">
      <div className="cluster view-toolbar">
        <span className="muted small">Response headers, as received</span>
        <span className="view-size">{formatCount(headers.length, 'header')}</span>
      </div>
      <HeaderList headers={headers} className="header-table" />
    </div>
  );
});
