import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryEntry } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { useHost } from '../../host/HostContext';
import { historyEntryQuery } from '../history/queries/history';
import { useSuiteChannel, type SuiteSeed } from './suiteChannel';
import { caseFromRequest } from './suiteModel';

/** A new suite's cases from history entries, in the order given: invokes only, the others counted in the note. */
export function seedFromEntries(entries: readonly HistoryEntry[]): Omit<SuiteSeed, 'key'> {
  const cases = [];
  let skipped = 0;
  for (const entry of entries) {
    if (entry.what !== 'invoke') {
      skipped += 1;
      continue;
    }
    const { agentId, text, payload } = entry.request;
    cases.push(caseFromRequest({ agentId, text, payloadText: JSON.stringify(payload, null, 2) }, `case ${cases.length + 1}`));
  }
  const note =
    skipped === 0
      ? null
      : `${skipped === 1 ? '1 entry was' : `${skipped} entries were`} left out: only agent invokes become cases (not guideline fetches or saved bodies).`;
  return { from: 'the History selection', name: 'From history', cases, note };
}

/**
 * History's "New suite from selection": reads the selected entries and hands the Runs section a
 * suite with a case for each invoke (guideline entries are skipped, and the new suite says so).
 */
export function NewSuiteFromHistoryButton({ ids }: { ids: readonly number[] }) {
  const api = useHost();
  const queryClient = useQueryClient();
  const { seed } = useSuiteChannel();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function make() {
    setBusy(true);
    setProblem(null);
    try {
      const entries = await Promise.all(ids.map((id) => queryClient.fetchQuery(historyEntryQuery(api, id))));
      const made = seedFromEntries(entries);
      if (made.cases.length === 0) setProblem('None of the selected entries is an agent invoke: a suite needs at least one.');
      else seed(made);
    } catch (error) {
      setProblem(`The entries could not be read: ${thrownMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button-quiet button-small" disabled={busy} onClick={() => void make()}>
        New suite from selection
      </button>
      {problem && (
        <span role="alert" className="small field-error">
          {problem}
        </span>
      )}
    </>
  );
}
