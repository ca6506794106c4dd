import type { InvokeAnswer } from '../../../electron/shared/api';

/**
 * Says in words that the answer passed the contract check in the host (an answer that fails
 * it arrives as a `contract` error instead, never here), and what the optional token was.
 */
export function ContractCheck({ response }: { response: InvokeAnswer }) {
  return (
    <dl className="contract-facts">
      <div>
        <dt>Contract check</dt>
        <dd>
          <span className="check-mark" aria-hidden="true">
            ✓
          </span>{' '}
          passed — <code>answer</code> and <code>duration</code> are strings
          {response.token !== undefined && (
            <>
              , <code>token</code> is a string
            </>
          )}
        </dd>
      </div>
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
  );
}
