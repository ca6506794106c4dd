import type { HistorySummary } from '../../../electron/shared/api';
import { useAgentNames, useGuidelineNames } from '../../lib/targetNames';

/**
 * The name of an entry's agent or guideline, or null (show the id): named in the entry's own
 * profile, as the request tabs and guideline tabs name them (see targetNames).
 */
export function useEntryNames(): (entry: HistorySummary) => string | null {
  const agent = useAgentNames();
  const guideline = useGuidelineNames();
  return (entry) =>
    entry.what === 'invoke'
      ? agent(entry.profile.id, entry.targetId)
      : entry.what === 'guideline'
        ? guideline(entry.profile.id, entry.targetId)
        : null;
}
