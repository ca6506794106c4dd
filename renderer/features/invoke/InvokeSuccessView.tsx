import { Disclosure } from '../../ui/Disclosure';
import { ExchangeSummary, RequestDetails } from '../../ui/ExchangeDetails';
import { ContractCheck } from '../response/ContractCheck';
import { RepeatPanel } from '../response/RepeatPanel';
import { ResponseViews, type AnsweredInvoke } from '../response/ResponseViews';
import { TimingView } from './TimingView';

/**
 * A successful invoke, read top to bottom: what was called and what came back (status, size,
 * round trip), that it passed the contract, the answer in the chosen view, where the time
 * went, and a way to repeat it. The answer is untrusted text throughout: text nodes, or
 * sanitized markdown when asked for; never HTML.
 */
export function InvokeSuccessView({ value, request, prefs, onPrefs }: AnsweredInvoke) {
  const { response, serverDuration, exchange } = value;
  return (
    <div className="result">
      <ExchangeSummary exchange={exchange} />
      <ContractCheck response={response} />
      <ResponseViews value={value} request={request} prefs={prefs} onPrefs={onPrefs} />
      <TimingView server={serverDuration} roundTripMs={exchange.roundTripMs} timing={exchange.timing} tls={exchange.tls} />
      {request && <RepeatPanel request={request} />}
      <Disclosure summary="Request">
        <RequestDetails exchange={exchange} />
      </Disclosure>
    </div>
  );
}
