import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Api, HistoryReportRequest, Result, SavedTextFile, SaveTextFileRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { useSaveTextFile } from './saveTextFile';

/** A report made and handed to the host's saving: its file name, and where it went. */
export interface ExportedReport extends SavedTextFile {
  fileName: string;
}

/**
 * Export report: the host builds the file (HTML page or JSON bundle) from the entries and the
 * note, then it is saved the host's way (the desktop's save dialog, or a browser download). A
 * mutation, never retried: a second save dialog the person did not ask for would be a surprise.
 */
export function exportReportMutation(api: Api, save: (file: SaveTextFileRequest) => Promise<Result<SavedTextFile>>) {
  return mutationOptions({
    mutationKey: ['buildHistoryReport'],
    mutationFn: async (request: HistoryReportRequest): Promise<Result<ExportedReport>> => {
      const built = await api.buildHistoryReport(request);
      if (!built.ok) return built;
      const { fileName, mediaType, content } = built.value;
      const saved = await save({ suggestedName: fileName, content, mediaType });
      return saved.ok ? { ok: true, value: { fileName, ...saved.value } } : saved;
    },
    retry: false,
  });
}

/** Export report's mutation, saving the host's way (see exportReportMutation). */
export function useExportReport() {
  return useMutation(exportReportMutation(useHost(), useSaveTextFile()));
}
