import type { HostKind } from './contract';

/**
 * The Content-Security-Policy for the renderer. Nothing inline, nothing remote: scripts and
 * styles come from the app's own files, images only from itself or data: URLs (guideline
 * images are shown as links, never loaded). In Electron the renderer talks to main over IPC,
 * so it may not connect anywhere; in browser mode it may call only its own host.
 */
export function contentSecurityPolicy(host: HostKind): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${host === 'browser' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
