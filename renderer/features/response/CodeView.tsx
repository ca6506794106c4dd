import { memo, useId, useMemo } from 'react';
import type { InvokeRequest } from '../../../electron/shared/api';
import { describePresentation } from '../../../electron/shared/keyPresentation';
import { useActiveProfile } from '../profile/queries/profiles';
import { CopyButton } from '../../ui/CopyButton';
import { LongText } from '../../ui/LongText';
import { KEY_VARIABLE, SNIPPET_LANGUAGES } from './codeSnippets';
import type { SnippetLanguage } from './codeSnippets';
import type { PrefsUpdate } from './prefs';

/**
 * The request as code, for the active profile: its base URL, its way of presenting the key
 * (read from AGENT_EXPLORER_API_KEY, never written out), its time-out and TLS settings.
 */
export const CodeView = memo(function CodeView({
  request,
  bodyAsSent,
  language: languageId,
  onPrefs,
}: {
  request: Pick<InvokeRequest, 'agentId' | 'text' | 'payload'>;
  bodyAsSent: string | null;
  language: SnippetLanguage;
  onPrefs: PrefsUpdate;
}) {
  const profile = useActiveProfile();
  const name = useId();
  const language = SNIPPET_LANGUAGES.find((candidate) => candidate.id === languageId) ?? SNIPPET_LANGUAGES[0];
  const code = useMemo(() => (profile ? language.build({ profile, request, bodyAsSent }) : null), [profile, language, request, bodyAsSent]);

  return (
    <div className="view">
      <div className="cluster view-toolbar">
        <div role="radiogroup" aria-label="Language" className="segmented">
          {SNIPPET_LANGUAGES.map((candidate) => (
            <label key={candidate.id} className="segment">
              <input
                type="radio"
                name={name}
                value={candidate.id}
                checked={candidate.id === language.id}
                onChange={() => onPrefs({ language: candidate.id })}
              />
              <span>{candidate.label}</span>
            </label>
          ))}
        </div>
        {code !== null && <CopyButton text={code} label={`Copy ${language.label}`} />}
      </div>
      {profile === undefined || code === null ? (
        <p className="muted">Loading the active profile…</p>
      ) : (
        <>
          <p className="muted small code-note">
            For <strong>{profile.name}</strong> · key as <code>{describePresentation(profile.auth)}</code>, read from{' '}
            <code>{KEY_VARIABLE}</code> (never included)
          </p>
          {/* Long lines scroll sideways: the scroller takes focus (and has a name) so keyboard users can scroll it too. */}
          <div className="code-scroll" role="region" aria-label={`${language.label} snippet`} tabIndex={0}>
            <LongText text={code} className="code-block code-snippet" />
          </div>
        </>
      )}
    </div>
  );
});
