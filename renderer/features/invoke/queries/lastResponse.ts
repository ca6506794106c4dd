import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Api, HistoryEntry } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiKey } from '../../../host/api';

/**
 * A request tab's last answer, read back from the history: after a reload or a restart, or when
 * a closed tab is reopened, the tab shows what it last got instead of an empty Response. Asked
 * once per tab while the tab has no live answer of its own; every invoke invalidates these keys
 * (queries/invoke.ts), so a reopened tab never shows an older answer.
 */

/**
 * The tab's newest invoke entry, or null when it has none (or the history cannot be read: the
 * tab then simply starts empty). Keyed by the contract method and its argument, so
 * `['lastResponses']` covers every tab.
 */
function lastResponseQuery(api: Api, tabId: string) {
  return queryOptions({
    queryKey: apiKey('lastResponses', { tabIds: [tabId] }),
    queryFn: async (): Promise<HistoryEntry | null> => {
      const found = await api.lastResponses({ tabIds: [tabId] });
      return found.ok ? (found.value.find((one) => one.tabId === tabId)?.entry ?? null) : null;
    },
    staleTime: Infinity,
  });
}

/** The tab's restored answer; asked only while `enabled` (the tab has no live answer). */
export const useLastResponse = (tabId: string, enabled: boolean) => useQuery({ ...lastResponseQuery(useHost(), tabId), enabled });
