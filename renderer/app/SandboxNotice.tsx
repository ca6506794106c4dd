import { useId } from 'react';
import { useAppInfo } from './appInfo';

/**
 * A calm, lasting note when the desktop app's pages run without Chromium's sandbox (the host
 * says so in getAppInfo's `sandboxed`). Server content is still rendered as text and the page
 * still has no Node, but the sandbox is the layer that would contain a renderer exploit, so the
 * person should know, and know how to get it back. Nothing in browser mode (the field is absent).
 */
export function SandboxNotice() {
  const sandboxed = useAppInfo().data?.sandboxed;
  const titleId = useId();
  if (sandboxed !== false) return null;
  return (
    <section role="note" aria-labelledby={titleId} className="sandbox-notice">
      <strong id={titleId}>Running without the Chromium sandbox</strong>{' '}
      <span>
        This copy of Agent Explorer was started with <code>--no-sandbox</code>. On Linux the AppImage starts that way where the system
        blocks user namespaces (Ubuntu 24.04 and later): install the .deb package instead, which sets up the sandbox.
      </span>
    </section>
  );
}
