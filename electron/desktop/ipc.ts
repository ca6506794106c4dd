import { ipcMain, type WebFrameMain } from 'electron';
import { ipcChannel, METHODS, type Api, type MethodName, type Shell } from '../shared/api';
import { dispatch } from '../core/validate';

/**
 * Registers every method of the contract's table on its own IPC channel: the core's Api, and
 * the Shell the window answers itself. Each call is refused unless it comes from our own app
 * page's main frame, and its argument is validated as `unknown` before the service sees it
 * (the renderer is not trusted to send what its types say).
 */
export function setupIpc(api: Api, shell: Shell, isTrustedSender: (frame: WebFrameMain | null) => boolean): void {
  for (const method of Object.keys(METHODS) as MethodName[]) {
    ipcMain.handle(ipcChannel(method), async (event, raw: unknown) => {
      if (!isTrustedSender(event.senderFrame)) throw new Error(`Refused ${method}: the caller is not the app.`);
      const outcome = await dispatch(api, method, raw, shell);
      if (!outcome.ok) throw new Error(`Refused ${method}: ${outcome.error.message}`);
      return outcome.value;
    });
  }
}
