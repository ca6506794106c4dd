import type { InvokeSuccess } from '../../../electron/shared/contract';
import { prettyJson } from '../../lib/payload';
import { CopyButton } from '../../ui/CopyButton';
import { Disclosure } from '../../ui/Disclosure';
import { ExchangeExtras, ExchangeSummary } from '../../ui/ExchangeDetails';
import { TimingView } from './TimingView';

/**
 * A successful invoke. The answer is untrusted text and is rendered as a text node only
 * (pre-wrap keeps its line breaks); it is never interpreted as HTML or markdown.
 */
export function InvokeSuccessView({ value }: { value: InvokeSuccess }) {
  const { response, serverDuration, exchange } = value;
  const raw = exchange.responseBody;
  return (
    <div className="result">
      <ExchangeSummary exchange={exchange} />
      <div className="answer-block">
        <div className="block-head">
          <h3 className="section-title">Answer</h3>
          <CopyButton text={response.answer} label="Copy answer" />
        </div>
        {response.answer === '' ? (
          <p className="answer muted">The answer is an empty string.</p>
        ) : (
          <div className="answer">{response.answer}</div>
        )}
      </div>
      <TimingView server={serverDuration} roundTripMs={exchange.roundTripMs} />
      <dl className="facts">
        <div>
          <dt>Token</dt>
          <dd>
            {response.token === undefined ? (
              <span className="fact-note">absent (allowed by the contract)</span>
            ) : (
              <code className="token">{response.token}</code>
            )}
          </dd>
        </div>
      </dl>
      <Disclosure summary="Raw response">
        {raw === null ? (
          <p className="muted">No body recorded.</p>
        ) : (
          <pre className="code-block">{prettyJson(raw) ?? raw}</pre>
        )}
      </Disclosure>
      <ExchangeExtras exchange={exchange} />
    </div>
  );
}
