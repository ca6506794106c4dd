import type { DraftField, ProfileDraft } from './profileDraft';

/** What each part of the profile form works with: the draft, a change to it, and the error at a field. */
export interface DraftForm {
  draft: ProfileDraft;
  change: (patch: Partial<ProfileDraft>) => void;
  errorOf: (field: DraftField) => string | null;
}

/** The draft's fields that hold exactly a `T` (free text, or a box that is ticked or not). */
type FieldOf<T> = { [K in DraftField]: [ProfileDraft[K]] extends [T] ? ([T] extends [ProfileDraft[K]] ? K : never) : never }[DraftField];

/**
 * What ties a TextField to one field of the draft: its text, its change, its error, and its
 * name for focus (the field's own name, which is what the form focuses after an error).
 */
export function textProps({ draft, change, errorOf }: DraftForm, field: FieldOf<string>) {
  return { value: draft[field], onChange: (value: string) => change({ [field]: value }), error: errorOf(field), focusName: field };
}

/** What ties a CheckboxField to one field of the draft, as textProps does for text. */
export function checkProps({ draft, change, errorOf }: DraftForm, field: FieldOf<boolean>) {
  return { checked: draft[field], onChange: (checked: boolean) => change({ [field]: checked }), error: errorOf(field), focusName: field };
}
