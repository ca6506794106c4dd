import { useId, type ReactNode } from 'react';
import type { PlatformError } from '../../electron/shared/contract';
import { errorKind, thrownMessage, type ErrorTone } from '../lib/errorKinds';
import { BodyBlock, ExchangeExtras, ExchangeSummary } from './ExchangeDetails';

function AlertPanel(props: { badge: string; title: string; tone: ErrorTone; children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="alert" aria-labelledby={titleId} className={`alert-panel tone-${props.tone}`}>
      <div className="alert-head">
        <span className="alert-icon" aria-hidden="true">
          !
        </span>
        <h3 id={titleId}>{props.title}</h3>
        <code className="alert-code">{props.badge}</code>
      </div>
      {props.children}
    </div>
  );
}

/**
 * A failed platform call, titled by its code so each kind reads differently and none looks
 * like a success. The response body, when one arrived, is shown as literal text.
 */
export function ErrorPanel({ error }: { error: PlatformError }) {
  const kind = errorKind(error.code, error.exchange);
  const exchange = error.exchange;
  return (
    <AlertPanel badge={error.code} title={kind.title} tone={kind.tone}>
      <p className="alert-message">{error.message}</p>
      {exchange ? (
        <>
          <ExchangeSummary exchange={exchange} />
          <BodyBlock
            body={exchange.responseBody}
            pretty={error.code === 'http_status'}
            label={error.code === 'http_status' ? 'Response body' : 'Response body, as received'}
          />
          <ExchangeExtras exchange={exchange} />
        </>
      ) : (
        <p className="muted small">Nothing was sent to the platform.</p>
      )}
    </AlertPanel>
  );
}

/** Something thrown by the call to our own host (e.g. the browser-mode host has stopped). */
export function HostErrorPanel({ error }: { error: unknown }) {
  return (
    <AlertPanel badge="host" title="Agent Explorer's host did not answer" tone="danger">
      <p className="alert-message">{thrownMessage(error)}</p>
      <p className="muted small">The request may not have reached the platform. Nothing is retried automatically.</p>
    </AlertPanel>
  );
}
