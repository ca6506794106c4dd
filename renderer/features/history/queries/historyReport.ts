import { useMutation } from '@tanstack/react-query';
import type { HistoryReportRequest, Result, SavedTextFile } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { useSaveTextFile } from '../../../host/saveTextFile';

/** A report made and handed to the host's saving: its file name, and where it went. */
export interface ExportedReport extends SavedTextFile {
  fileName: string;
}

/**
 * Export report: the host builds the file (HTML page or JSON bundle) from the entries and the
 * note, then it is saved the host's way (the desktop's save dialog, or a browser download). A
 * mutation, never retried: a second save dialog the person did not ask for would be a surprise.
 * Two calls in one (build, then save), so it is written out rather than made by apiMutation.
 */
export function useExportReport() {
  const api = useHost();
  const save = useSaveTextFile();
  return useMutation({
    mutationKey: ['buildHistoryReport'],
    mutationFn: async (request: HistoryReportRequest): Promise<Result<ExportedReport>> => {
      const built = await api.buildHistoryReport(request);
      if (!built.ok) return built;
      const { fileName, mediaType, content } = built.value;
      const saved = await save({ suggestedName: fileName, content, mediaType });
      return saved.ok ? { ok: true, value: { fileName, ...saved.value } } : saved;
    },
  });
}
