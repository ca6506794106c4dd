import type { LibraryGuideline } from '../../../../electron/shared/api';

/** The name a library entry is shown and announced by: the person's title, else the server's name, else its id. */
export function shownName(entry: LibraryGuideline): string {
  return entry.title || entry.name || entry.guidelineId;
}

/** "23 Nov 2026, 09:30" in the reader's locale. */
export function shownTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Tags typed as "a, b, c" (commas or new lines), as the host takes them. */
export function parseTags(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
