import type { KeyPresentation, ProfileInput } from '../../../electron/shared/contract';

/**
 * The profile form's state: what the person has typed, as text, until it is saved. It keeps
 * the text of every presentation's field (scheme, header, parameter) so switching the Key
 * presentation back and forth never throws away what was typed.
 */
export interface ProfileDraft {
  name: string;
  baseUrl: string;
  authKind: KeyPresentation['kind'];
  scheme: string;
  header: string;
  param: string;
  timeoutSeconds: string;
  verifyTls: boolean;
  caFile: string;
  allowInsecureHttp: boolean;
}

/** A form field, for errors and focus. */
export type DraftField = keyof ProfileDraft;

/** The Key presentation choices, in the words of the select. */
export const PRESENTATION_OPTIONS: readonly { kind: KeyPresentation['kind']; label: string }[] = [
  { kind: 'bearer', label: 'Authorization: Bearer <key>' },
  { kind: 'scheme', label: 'Authorization: <scheme> <key>' },
  { kind: 'header', label: 'Custom header' },
  { kind: 'query', label: 'Query parameter' },
];

/** A new profile: Bearer, 60 s, certificates verified, https only. */
export const NEW_PROFILE_DRAFT: ProfileDraft = {
  name: '',
  baseUrl: '',
  authKind: 'bearer',
  scheme: '',
  header: '',
  param: '',
  timeoutSeconds: '60',
  verifyTls: true,
  caFile: '',
  allowInsecureHttp: false,
};

/** The draft with a presentation put in (e.g. the one Detect chose), other typing kept. */
export function withPresentation(draft: ProfileDraft, presentation: KeyPresentation): ProfileDraft {
  switch (presentation.kind) {
    case 'bearer':
      return { ...draft, authKind: 'bearer' };
    case 'scheme':
      return { ...draft, authKind: 'scheme', scheme: presentation.scheme };
    case 'header':
      return { ...draft, authKind: 'header', header: presentation.header };
    case 'query':
      return { ...draft, authKind: 'query', param: presentation.param };
  }
}

/** The form's text for a saved profile. */
export function draftFromProfile(profile: ProfileInput): ProfileDraft {
  return withPresentation(
    {
      ...NEW_PROFILE_DRAFT,
      name: profile.name,
      baseUrl: profile.baseUrl,
      timeoutSeconds: String(profile.timeoutMs / 1000),
      verifyTls: profile.tls.verify,
      caFile: profile.tls.caFile ?? '',
      allowInsecureHttp: profile.allowInsecureHttp,
    },
    profile.auth,
  );
}

/** The text field that goes with a presentation kind, if it has one. */
export function presentationField(kind: KeyPresentation['kind']): 'scheme' | 'header' | 'param' | null {
  return kind === 'scheme' ? 'scheme' : kind === 'header' ? 'header' : kind === 'query' ? 'param' : null;
}

/** A problem found before sending: which field, and what to do. */
export interface DraftProblem {
  field: DraftField;
  message: string;
}

/**
 * The draft as the host's input, or the first obviously missing value. Only emptiness is
 * checked here; the host validates everything (URL rules, header names, limits) and says
 * which field is wrong, so the rules live in one place.
 */
export function inputFromDraft(draft: ProfileDraft): { ok: true; input: ProfileInput } | { ok: false; problem: DraftProblem } {
  const fail = (field: DraftField, message: string) => ({ ok: false as const, problem: { field, message } });
  const name = draft.name.trim();
  const baseUrl = draft.baseUrl.trim();
  if (name === '') return fail('name', 'Enter a name for the profile.');
  if (baseUrl === '') return fail('baseUrl', 'Enter the base URL, for example https://platform.example.com.');
  let auth: KeyPresentation;
  switch (draft.authKind) {
    case 'bearer':
      auth = { kind: 'bearer' };
      break;
    case 'scheme':
      if (draft.scheme.trim() === '') return fail('scheme', 'Enter the scheme, for example Api-Key or Token.');
      auth = { kind: 'scheme', scheme: draft.scheme.trim() };
      break;
    case 'header':
      if (draft.header.trim() === '') return fail('header', 'Enter the header name, for example X-API-Key.');
      auth = { kind: 'header', header: draft.header.trim() };
      break;
    case 'query':
      if (draft.param.trim() === '') return fail('param', 'Enter the query parameter, for example api_key.');
      auth = { kind: 'query', param: draft.param.trim() };
      break;
  }
  const seconds = Number(draft.timeoutSeconds.trim());
  if (draft.timeoutSeconds.trim() === '' || !Number.isFinite(seconds)) {
    return fail('timeoutSeconds', 'Enter the time-out in seconds, for example 60.');
  }
  const caFile = draft.caFile.trim();
  return {
    ok: true,
    input: {
      name,
      baseUrl,
      auth,
      timeoutMs: Math.round(seconds * 1000),
      tls: { verify: draft.verifyTls, caFile: caFile === '' ? null : caFile },
      allowInsecureHttp: draft.allowInsecureHttp,
    },
  };
}

/**
 * The form field a host error is about. The host names fields by the input's shape
 * ("baseUrl", "auth", "tls.caFile", ...); a few spellings are accepted so a renamed field
 * still lands next to the right input rather than nowhere. Unknown fields return null: the
 * message is then shown at the top of the form.
 */
export function draftFieldOf(hostField: string | undefined, draft: ProfileDraft): DraftField | null {
  switch (hostField) {
    case 'name':
      return 'name';
    case 'baseUrl':
      return 'baseUrl';
    case 'auth':
    case 'auth.kind':
      return presentationField(draft.authKind) ?? 'authKind';
    case 'auth.scheme':
    case 'scheme':
      return 'scheme';
    case 'auth.header':
    case 'header':
      return 'header';
    case 'auth.param':
    case 'param':
      return 'param';
    case 'timeoutMs':
    case 'timeout':
      return 'timeoutSeconds';
    case 'tls.verify':
      return 'verifyTls';
    case 'tls':
    case 'tls.caFile':
    case 'caFile':
      return 'caFile';
    case 'allowInsecureHttp':
      return 'allowInsecureHttp';
    default:
      return null;
  }
}

/** The draft with the text of the presentations not chosen left out: it would not be saved. */
function asSaved(draft: ProfileDraft): ProfileDraft {
  const field = presentationField(draft.authKind);
  return {
    ...draft,
    scheme: field === 'scheme' ? draft.scheme : '',
    header: field === 'header' ? draft.header : '',
    param: field === 'param' ? draft.param : '',
  };
}

/**
 * Whether two drafts would save the same profile (unsaved edits show as a difference). Text
 * kept for a presentation that is not chosen does not count: saving would drop it anyway.
 */
export function sameDraft(a: ProfileDraft, b: ProfileDraft): boolean {
  const [left, right] = [asSaved(a), asSaved(b)];
  return (Object.keys(left) as DraftField[]).every((field) => left[field] === right[field]);
}
