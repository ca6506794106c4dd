import { useId, useRef, useState } from 'react';
import type { DetectReport, KeyPresentation, ProfileSummary } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useKnownGuidelinesOf } from '../catalog/queries/knownLists';
import { useDetectKeyPresentation } from './queries/profileKey';
import { IdCombobox } from '../../ui/IdCombobox';
import { describePresentation, samePresentation } from '../../../electron/shared/keyPresentation';

const OUTCOME_WORDS: Record<DetectReport['attempts'][number]['outcome'], string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** The attempts as a table, the chosen one marked. */
function AttemptsTable({ report }: { report: DetectReport }) {
  const { chosen } = report;
  return (
    <table className="detect-table">
      <caption className="visually-hidden">Detect attempts</caption>
      <thead>
        <tr>
          <th scope="col">Presentation</th>
          <th scope="col">Status</th>
          <th scope="col">Outcome</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {report.attempts.map((attempt, index) => {
          const isChosen = chosen !== null && samePresentation(attempt.presentation, chosen);
          return (
            <tr key={index} className={isChosen ? 'detect-chosen' : undefined}>
              <td className="mono">
                {attempt.label} {isChosen && <span className="chip chip-accent">Chosen</span>}
              </td>
              <td className="mono">{attempt.status ?? '—'}</td>
              <td className={`outcome outcome-${attempt.outcome}`}>{OUTCOME_WORDS[attempt.outcome]}</td>
              <td>{attempt.message}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Detect: which way of presenting the key does this server accept? The host tries each with a
 * GET of a guideline (a GET has no side effects; an invoke could run a billed agent) and saves
 * the first one not refused. With no guideline id (a new profile knows none), each try invokes
 * an agent id made up for it, with an empty payload: no agent has it, so none runs, and 401
 * versus 404 still tells. `onChosen` puts the presentation in the form, which already matches the host.
 */
export function DetectSection({ profile, onChosen }: { profile: ProfileSummary; onChosen: (chosen: KeyPresentation) => void }) {
  const known = useKnownGuidelinesOf(profile.id);
  const detect = useDetectKeyPresentation();
  // null until the person types: until then the field follows the first known guideline.
  const [typed, setTyped] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const guidelineId = typed ?? known.data?.[0]?.id ?? '';
  const answer = detect.data;
  const fieldError = answer && !answer.ok && answer.error.field === 'guidelineId' ? answer.error.message : null;
  const otherError = detect.error
    ? thrownMessage(detect.error)
    : answer && !answer.ok && answer.error.field !== 'guidelineId'
      ? answer.error.message
      : null;

  const outcome = detect.isPending
    ? { text: 'Trying each presentation…', tone: 'ok' as const }
    : answer?.ok
      ? answer.value.chosen
        ? answer.value.environmentSetting
          ? {
              text:
                `Using ${describePresentation(answer.value.chosen)} until Agent Explorer quits: ` +
                `the Environment profile is never saved. To keep it, set ${answer.value.environmentSetting} before starting.`,
              tone: 'ok' as const,
            }
          : { text: `Saved: ${describePresentation(answer.value.chosen)}. Key presentation above now shows it.`, tone: 'ok' as const }
        : {
            text: 'None was accepted: the server refused every presentation or did not answer. Check the key and the base URL.',
            tone: 'bad' as const,
          }
      : null;

  function run() {
    // Empty is fine: the host then invokes a made-up agent id instead of reading a guideline.
    detect.mutate(
      { profileId: profile.id, guidelineId: guidelineId.trim() },
      {
        onSuccess: (result) => {
          if (result.ok && result.value.chosen) onChosen(result.value.chosen);
        },
      },
    );
  }

  return (
    // data-focus: an error's "Detect how the key is sent" opens the Profiles dialog here.
    <section className="profile-section" aria-labelledby={headingId} data-focus="detect" tabIndex={-1}>
      <h4 id={headingId} className="section-title">
        Detect the key presentation
      </h4>
      <p className="muted small">
        Detect tries each way of presenting the key with a GET of a guideline, because a GET has no side effects. Without a guideline id it
        invokes an agent id made up for the purpose, with an empty payload: no agent has it, so none runs, and the server’s 401 or 404 tells
        whether the key was taken.{' '}
        {profile.kind === 'environment'
          ? 'The first way the server does not refuse is used until Agent Explorer quits (this profile comes from AGENT_EXPLORER_* ' +
            'variables and is never saved).'
          : 'The first way the server does not refuse is saved.'}
      </p>
      {!profile.key.set ? (
        <p className="muted small">Save a key first: Detect needs one to try.</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!detect.isPending) run();
          }}
        >
          <IdCombobox
            label="Guideline id for Detect"
            value={guidelineId}
            onChange={setTyped}
            options={known.data}
            placeholder="Guideline id (optional)"
            hint="Optional. Leave it empty when you know no guideline of this platform yet."
            error={fieldError}
            inputRef={inputRef}
          />
          <div className="actions">
            <button type="submit" className="button-quiet" disabled={detect.isPending}>
              Detect
            </button>
            {detect.isPending && <span className="spinner" aria-hidden="true" />}
          </div>
        </form>
      )}
      {otherError && (
        <p role="alert" className="form-error">
          Detect failed: {otherError}
        </p>
      )}
      {answer?.ok && (
        <div className="detect-result">
          <AttemptsTable report={answer.value} />
        </div>
      )}
      {/* Always present, so screen readers announce the outcome when its text changes. */}
      <p role="status" className={outcome?.tone === 'bad' ? 'form-error' : 'small'}>
        {outcome?.text}
      </p>
    </section>
  );
}
