import { ipcMain, type WebFrameMain } from 'electron';
import { API_METHODS, ipcChannel, type Api } from './shared/contract';
import { dispatch } from './core/validate';

/**
 * Registers every contract method on its own IPC channel. Each call is refused unless it comes
 * from our own app page's main frame, and its argument is validated as `unknown` before the
 * service sees it (the renderer is not trusted to send what its types say).
 */
export function setupIpc(api: Api, isTrustedSender: (frame: WebFrameMain | null) => boolean): void {
  for (const method of API_METHODS) {
    ipcMain.handle(ipcChannel(method), async (event, raw: unknown) => {
      if (!isTrustedSender(event.senderFrame)) throw new Error(`Refused ${method}: the caller is not the app.`);
      const outcome = await dispatch(api, method, raw);
      if (!outcome.ok) throw new Error(`Refused ${method}: ${outcome.error.message}`);
      return outcome.value;
    });
  }
}
