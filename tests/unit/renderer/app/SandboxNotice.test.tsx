import { screen } from '@testing-library/react';
import type { AppInfo } from '../../../../electron/shared/api';
import { FakeApi } from '../../../support/fakeApi';
import { renderReady } from '../renderApp';

/**
 * The desktop app says when its pages run without Chromium's sandbox (started with
 * --no-sandbox, as the AppImage's launcher does where user namespaces are blocked), and what
 * to do about it. Nothing is shown when they run sandboxed, nor in browser mode.
 */
function hostSaying(info: Partial<AppInfo>): FakeApi {
  const fake = new FakeApi();
  (fake as { getAppInfo: () => Promise<AppInfo> }).getAppInfo = async () => ({
    name: 'Agent Explorer',
    version: '0.0.0-test',
    host: 'electron',
    ...info,
  });
  return fake;
}

describe('the sandbox notice', () => {
  it('says the desktop app runs without the sandbox, and recommends the deb on Linux', async () => {
    await renderReady(hostSaying({ sandboxed: false }));
    const notice = await screen.findByRole('note', { name: 'Running without the Chromium sandbox' });
    expect(notice).toHaveTextContent('--no-sandbox');
    expect(notice).toHaveTextContent(/install the \.deb package/);
  });

  it('is not shown when the pages run sandboxed', async () => {
    await renderReady(hostSaying({ sandboxed: true }));
    expect(await screen.findByText('Desktop')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Running without the Chromium sandbox' })).toBeNull();
  });

  it('is not shown in browser mode', async () => {
    await renderReady();
    expect(await screen.findByText('Browser mode')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Running without the Chromium sandbox' })).toBeNull();
  });
});
