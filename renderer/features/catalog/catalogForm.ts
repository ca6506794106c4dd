import type { CatalogAgent, CatalogAgentInput } from '../../../electron/shared/api';

/** The catalog entry form as typed: lists are edited as text, one comma- or space-separated line. */
export interface CatalogForm {
  agentId: string;
  name: string;
  notes: string;
  tags: string;
  placeholders: string;
  /** The learned keys the user keeps (a saved entry only); the review can remove, never add. */
  learnedKeys: string[] | null;
}

/**
 * A list typed as text: split on commas, spaces and line breaks, without repeats. For
 * placeholders, braces are dropped, so "{customer_name}" (as written in a prompt) is
 * understood as the key `customer_name`.
 */
export function parseList(text: string, stripBraces = false): string[] {
  const items = text
    .split(/[\s,]+/)
    .map((item) => (stripBraces ? item.replace(/^\{+|\}+$/g, '') : item))
    .filter((item) => item !== '');
  return [...new Set(items)];
}

/** Confirms a learned key: it joins the placeholders text (once). */
export function confirmLearnedKey(form: CatalogForm, key: string): CatalogForm {
  const placeholders = parseList(form.placeholders, true);
  return placeholders.includes(key) ? form : { ...form, placeholders: [...placeholders, key].join(', ') };
}

/** Removes a learned key from the entry (applied when it is saved). */
export function removeLearnedKey(form: CatalogForm, key: string): CatalogForm {
  return { ...form, learnedKeys: (form.learnedKeys ?? []).filter((learned) => learned !== key) };
}

/** The form for an entry, or an empty one (with an agent id to start from). */
export function formFor(entry: CatalogAgent | null, agentId = ''): CatalogForm {
  if (!entry) return { agentId, name: '', notes: '', tags: '', placeholders: '', learnedKeys: null };
  return {
    agentId: entry.agentId,
    name: entry.name,
    notes: entry.notes,
    tags: entry.tags.join(', '),
    placeholders: entry.placeholders.join(', '),
    learnedKeys: [...entry.learnedKeys],
  };
}

/** What is sent to the host, or the problem to show at a field. The id is trimmed, as when invoking. */
export function inputFrom(form: CatalogForm): { ok: true; input: CatalogAgentInput } | { ok: false; field: 'agentId'; message: string } {
  const agentId = form.agentId.trim();
  if (agentId === '') return { ok: false, field: 'agentId', message: 'Enter the agent id.' };
  return {
    ok: true,
    input: {
      agentId,
      name: form.name.trim(),
      notes: form.notes.trim(),
      tags: parseList(form.tags),
      placeholders: parseList(form.placeholders, true),
      ...(form.learnedKeys === null ? {} : { learnedKeys: form.learnedKeys }),
    },
  };
}
