import type { InvokeRequest, InvokeSuccess } from '../../../electron/shared/api';
import { ViewTabs, type ViewSpec } from '../../ui/Tabs';
import { AnswerView } from './AnswerView';
import { CodeView } from './CodeView';
import { HeadersView } from './HeadersView';
import { JsonView } from './JsonView';
import type { PrefsUpdate, ResponsePrefs, ResponseViewId } from './prefs';
import { RawView } from './RawView';

/** An answered invoke, what was sent for it, and how the person reads answers. */
export interface AnsweredInvoke {
  value: InvokeSuccess;
  /** The request that was sent; without it (never in practice) there is no Code view or Repeat. */
  request: InvokeRequest | undefined;
  prefs: ResponsePrefs;
  onPrefs: PrefsUpdate;
}

/**
 * The ways to read one answer, as tabs: the answer text, the body as a JSON tree, the
 * headers, the raw body, and the request as code. Each view is built only when first opened,
 * and each is memoised on the preferences it reads, so switching tabs never re-renders a
 * costly view (a markdown answer, a JSON tree) that did not change.
 */
export function ResponseViews({ value, request, prefs, onPrefs }: AnsweredInvoke) {
  const { response, exchange } = value;
  // The body as it came over the wire, which the JSON and Raw views both read.
  const rawBody = { body: exchange.responseBody, bytes: exchange.responseBytes, truncated: exchange.responseBodyTruncated };
  const views: ViewSpec[] = [
    {
      id: 'answer',
      label: 'Answer',
      render: () => (
        <AnswerView
          answer={response.answer}
          payload={request?.payload}
          markdown={prefs.markdown}
          highlight={prefs.highlight}
          onPrefs={onPrefs}
        />
      ),
    },
    {
      id: 'json',
      label: 'JSON',
      render: () => <JsonView {...rawBody} parsedAnswer={{ ...response }} />,
    },
    { id: 'headers', label: 'Headers', render: () => <HeadersView exchange={exchange} /> },
    {
      id: 'raw',
      label: 'Raw response',
      render: () => <RawView {...rawBody} received={exchange.received} asReceived={prefs.rawAsReceived} onPrefs={onPrefs} />,
    },
  ];
  if (request) {
    views.push({
      id: 'code',
      label: 'Code',
      render: () => <CodeView request={request} bodyAsSent={exchange.requestBody} language={prefs.language} onPrefs={onPrefs} />,
    });
  }
  return <ViewTabs label="Response views" views={views} activeId={prefs.view} onSelect={(id) => onPrefs({ view: id as ResponseViewId })} />;
}
