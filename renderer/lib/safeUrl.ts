/**
 * The link policy for untrusted markdown. Only web and mail links survive; everything else
 * (javascript:, data:, vbscript:, file:, app-relative paths that would resolve against the
 * app's own origin) loses its URL. Parsing with `URL` instead of a regex matters: the browser
 * strips tabs, newlines and leading control characters before reading the scheme, so
 * "java\tscript:" is a javascript: URL to it, and must be to us too.
 */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Returns the URL to use, or null when the link must not be followed. */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^#[^\s]*$/.test(trimmed)) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

/** Adapter with react-markdown's `urlTransform` signature. */
export function markdownUrlTransform(url: string): string | null {
  return safeUrl(url);
}

/**
 * True when a link may be handed to the system browser: a parseable https address without a
 * user name or password (`https://bank.example@evil.example/` reads as a bank but goes
 * elsewhere). The same rule as the desktop's `externalLinkTarget` (electron/desktop/adapters), which
 * the renderer cannot import; the desktop checks again in the main process.
 */
export function isOpenableExternally(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/**
 * The host an image would be loaded from, or null when it may never be loaded: only https
 * images, as the page's CSP (`img-src 'self' data: https:`) allows.
 */
export function imageHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' ? parsed.host : null;
  } catch {
    return null;
  }
}
