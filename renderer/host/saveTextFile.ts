import { useCallback } from 'react';
import type { Result, SavedTextFile, SaveTextFileRequest } from '../../electron/shared/api';
import { useShell } from './HostContext';

/**
 * Saving a file the app made, the host's way: the desktop app asks where with its save dialog
 * (its session refuses page downloads); a browser downloads it (renderer/host/browserShell.ts).
 * Answers `saved: false` when the user cancelled the dialog, and the path where the desktop
 * wrote it (null in a browser).
 */
export function useSaveTextFile(): (file: SaveTextFileRequest) => Promise<Result<SavedTextFile>> {
  const shell = useShell();
  return useCallback((file) => shell.saveTextFile(file), [shell]);
}
