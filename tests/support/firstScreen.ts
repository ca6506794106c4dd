import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The files of a build's first screen, read from its manifest (dist/renderer/.vite/manifest.json). */
export interface FirstScreenFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The files the first screen needs before it can be drawn: the entry, the chunks the entry itself
 * imports (the app's chunk comes in through a dynamic import of the entry's), and everything those
 * import statically. What the app imports dynamically (the editor, the markdown renderer, the
 * other sections, the dialogs) is not.
 */
export function firstScreenFiles(rendererDir: string): FirstScreenFiles {
  const manifest = JSON.parse(readFileSync(path.join(rendererDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunks = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(key)) return;
    chunks.set(key, chunk);
    chunk.imports?.forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)) {
    visit(key);
    chunk.dynamicImports?.forEach(visit);
  }
  const found = [...chunks.values()];
  return {
    scripts: found.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')),
    styles: [...new Set(found.flatMap((chunk) => chunk.css ?? []))],
  };
}

/** The size of a build's files, in bytes as they are on disk (uncompressed). */
export function bytesOf(rendererDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(path.join(rendererDir, file)).size, 0);
}
