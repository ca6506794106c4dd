import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Serves the built renderer's files, for Electron's app:// protocol and for the browser-mode
 * host alike. A request path is decoded and resolved inside the root; anything that would
 * leave it (`..`, encoded slashes, NUL) is refused rather than normalised.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** Resolves a URL path to a file under `root`, or null when it is outside, hidden, or absent. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.startsWith('.'))) return null;
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const resolvedRoot = path.resolve(root);
  const resolved = path.resolve(resolvedRoot, relative);
  if (!resolved.startsWith(resolvedRoot + path.sep)) return null;
  return resolved;
}

export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const filePath = resolveStaticPath(root, urlPath);
  if (!filePath) return null;
  const contentType = CONTENT_TYPES[path.extname(filePath).toLowerCase()];
  if (!contentType) return null;
  try {
    return { body: await readFile(filePath), contentType };
  } catch {
    return null;
  }
}
