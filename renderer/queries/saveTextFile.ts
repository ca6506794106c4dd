import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Api, Result, SavedTextFile, SaveTextFileRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { appInfoQuery } from './appInfo';

/**
 * Hands a file the app made (a QA report, a workspace file) to the browser as a download: a
 * Blob behind a temporary link with `download`, so the browser saves it where it saves
 * downloads (and may ask, by its own settings). The object URL is revoked once the click has
 * been handled.
 */
export function downloadTextFile({ suggestedName, content, mediaType }: SaveTextFileRequest): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mediaType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves through the desktop's dialog, or downloads in a browser: whichever this host does. */
export async function saveTextFileOn(api: Api, host: 'electron' | 'browser', file: SaveTextFileRequest): Promise<Result<SavedTextFile>> {
  if (host === 'electron') return api.saveTextFile(file);
  downloadTextFile(file);
  return { ok: true, value: { saved: true, path: null } };
}

/**
 * Saving a file the app made, the host's way: the desktop app asks where with its save dialog
 * (its session refuses page downloads); a browser downloads it. Answers `saved: false` when the
 * user cancelled the dialog, and the path where the desktop wrote it (null in a browser).
 */
export function useSaveTextFile(): (file: SaveTextFileRequest) => Promise<Result<SavedTextFile>> {
  const api = useHost();
  const queryClient = useQueryClient();
  return useCallback(
    async (file) => {
      const info = await queryClient.fetchQuery(appInfoQuery(api));
      return saveTextFileOn(api, info.host, file);
    },
    [api, queryClient],
  );
}
