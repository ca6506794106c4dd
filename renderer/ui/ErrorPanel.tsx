import { useId, type ReactNode } from 'react';
import type { PlatformError, ProfileKind, ProfileSummary } from '../../electron/shared/api';
import { errorAdvice, type ErrorAction, type ErrorAdvice } from '../../electron/shared/errorAdvice';
import { errorKind, thrownMessage, type ErrorTone } from '../lib/errorKinds';
import { BodyBlock, ExchangeExtras, ExchangeSummary } from './ExchangeDetails';
import { useProfiles } from '../features/profile/queries/profiles';
import { requestProfilesDialog } from './profilesDialogRequest';

function AlertPanel(props: { badge: string; title: string; tone: ErrorTone; headline?: ReactNode; children: ReactNode }) {
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
      {props.headline}
      {props.children}
    </div>
  );
}

/**
 * How the body of a failed call is best read. A contract error is about the JSON's shape, so
 * it is indented to make the missing or mistyped field easy to spot; a body that is not JSON
 * is shown exactly as received, with its declared type (often an HTML page from a gateway).
 */
function bodyPresentation(error: PlatformError): { pretty: boolean; label: string; note?: string | undefined } {
  const type = error.exchange?.responseHeaders['content-type'];
  switch (error.code) {
    case 'http_status':
      return { pretty: true, label: 'Response body' };
    case 'contract':
      return { pretty: true, label: 'Response body, indented' };
    case 'not_json':
      return { pretty: false, label: 'Response body, as received', note: type ? `content-type: ${type}` : 'no content-type' };
    default:
      return { pretty: false, label: 'Response body, as received' };
  }
}

/** Each action opens the Profiles dialog at `profileId` (the active profile when undefined). */
const ACTIONS: Record<ErrorAction, { label: string; run: (profileId: string | undefined) => void }> = {
  'set-key': {
    label: 'Set a key',
    run: (profileId) => requestProfilesDialog({ focus: 'api-key', ...(profileId === undefined ? {} : { profileId }) }),
  },
  detect: {
    label: 'Detect how the key is sent',
    run: (profileId) => requestProfilesDialog({ focus: 'detect', ...(profileId === undefined ? {} : { profileId }) }),
  },
};

/**
 * The profile a failed request went to: `profileId` when the request named one (a request tab's
 * profile, which may no longer be the active one), else the active profile. Its key is the one
 * to set, and its kind decides whether a key can be typed at all.
 */
function useRequestProfile(profileId: string | undefined): ProfileSummary | undefined {
  const { data } = useProfiles();
  const id = profileId ?? data?.activeProfileId;
  return data?.profiles.find((profile) => profile.id === id);
}

/**
 * Profiles whose key is not typed in the app: "Set a key" would open a dialog with no key
 * field, so the panel says where the key comes from instead. Detect still helps the
 * Environment profile (for this launch); the Sandbox's presentation is its own.
 */
const FIXED_KEY_SOURCE: Partial<Record<ProfileKind, { words: string; actions: readonly ErrorAction[] }>> = {
  environment: {
    words: 'Its key comes from AGENT_EXPLORER_API_KEY: set the right key there and start Agent Explorer again.',
    actions: ['detect'],
  },
  sandbox: { words: 'The Sandbox makes its own key at each start: restart Agent Explorer.', actions: [] },
};

/**
 * The server's own words and when to retry, right under the title: the first thing read. The
 * server's message is untrusted text, rendered as text and already cut to a sane length.
 */
function AdviceHeadline({ advice, profileId }: { advice: ErrorAdvice; profileId: string | undefined }) {
  const profile = useRequestProfile(profileId);
  const fixedKey = profile ? FIXED_KEY_SOURCE[profile.kind] : undefined;
  const actions = fixedKey ? advice.actions.filter((action) => fixedKey.actions.includes(action)) : advice.actions;
  return (
    <div className="alert-advice">
      {advice.serverMessage !== null && (
        <p className="alert-server">
          The server says: <span className="alert-server-text">“{advice.serverMessage}”</span>
        </p>
      )}
      {advice.retryAfter && (
        <p className="alert-retry">
          <strong>The server asks to {advice.retryAfter}.</strong>
        </p>
      )}
      {advice.hint && <p className="small">{advice.hint}</p>}
      {fixedKey && advice.actions.includes('set-key') && <p className="small">{fixedKey.words}</p>}
      {actions.length > 0 && (
        <div className="actions alert-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className="button-quiet button-small"
              aria-haspopup="dialog"
              onClick={() => ACTIONS[action].run(profileId)}
            >
              {ACTIONS[action].label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * A failed platform call, titled by its code so each kind reads differently and none looks
 * like a success. The response body, when one arrived, is shown as literal text right under
 * the message, so what the server actually said is beside what we concluded from it.
 * `action` is what the person can do about this error (e.g. save a too-large answer to a file).
 * An HTTP error says what it means and what to do (errorAdvice): a refused key offers to set
 * it or detect how it is sent, a 404 names the unknown id, a 429 or 503 says when to retry.
 * `profileId` is the profile the request went to, when it named one: those actions open it,
 * not whichever profile is active now (a tab's request may have gone to another).
 */
export function ErrorPanel({ error, action, profileId }: { error: PlatformError; action?: ReactNode; profileId?: string | undefined }) {
  const kind = errorKind(error.code, error.exchange);
  const advice = errorAdvice(error);
  const exchange = error.exchange;
  const body = bodyPresentation(error);
  return (
    <AlertPanel
      badge={error.code}
      title={advice?.title ?? kind.title}
      tone={kind.tone}
      headline={advice && <AdviceHeadline advice={advice} profileId={profileId} />}
    >
      <p className="alert-message">{error.message}</p>
      {action}
      {exchange ? (
        <>
          <ExchangeSummary exchange={exchange} />
          <BodyBlock body={exchange.responseBody} pretty={body.pretty} label={body.label} note={body.note} />
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

/** A failed call's message under the control that made it (nothing while it has not failed). */
export function FailureLine({ failed, error, prefix }: { failed: boolean; error: unknown; prefix?: string }) {
  if (!failed) return null;
  return (
    <p role="alert" className="field-error">
      {prefix}
      {thrownMessage(error)}
    </p>
  );
}
