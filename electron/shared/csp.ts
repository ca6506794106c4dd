import type { HostKind } from './api';

/**
 * The Content-Security-Policy for the renderer. Nothing inline, nothing remote: scripts and
 * styles come from the app's own files, images from itself, data: URLs, or https: a guideline's
 * images load only after the person allows their host for that guideline (the reader renders no
 * <img> before: features/guidelines/ReaderChunk.tsx), and only over https (lib/safeUrl.ts
 * `imageHost`), which is what this allows; no markup from the server ever becomes an element. In Electron the renderer talks to main over IPC,
 * so it may not connect anywhere; in browser mode it may call only its own host.
 */
export function contentSecurityPolicy(host: HostKind): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${host === 'browser' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
