import type { ClientCertSettings, KeyPresentation, ProfileInput, ProxySettings } from '../../../electron/shared/api';

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
  /** How requests reach the server; the manual proxy's text is kept while another mode is chosen. */
  proxyMode: ProxySettings['mode'];
  proxyUrl: string;
  proxyUsername: string;
  /** The bypass list as typed: one entry per line, or separated by commas. */
  proxyBypass: string;
  /** The client certificate; each kind's paths are kept while another is chosen. */
  clientCertKind: 'none' | ClientCertSettings['kind'];
  clientCertFile: string;
  clientKeyFile: string;
  clientP12File: string;
}

/**
 * The base URL without a trailing `/api` (or `/api/`), when it has one: the app adds `/api/agent/…`
 * and `/api/guideline/…` itself, so a URL copied from an endpoint would send to `/api/api/…`.
 * Null when the URL does not end so (or is not a URL yet).
 */
export function withoutApiSuffix(baseUrl: string): string | null {
  const text = baseUrl.trim();
  if (!/^https?:\/\/[^/]+\/(.*\/)?api\/?$/i.test(text)) return null;
  return text.replace(/\/api\/?$/i, '');
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
  proxyMode: 'system',
  proxyUrl: '',
  proxyUsername: '',
  proxyBypass: '',
  clientCertKind: 'none',
  clientCertFile: '',
  clientKeyFile: '',
  clientP12File: '',
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

/** The form's text for a saved proxy setting (absent: the system's). */
function proxyDraft(proxy: ProxySettings | undefined): Partial<ProfileDraft> {
  if (proxy?.mode !== 'manual') return { proxyMode: proxy?.mode ?? 'system' };
  return { proxyMode: 'manual', proxyUrl: proxy.url, proxyUsername: proxy.username ?? '', proxyBypass: proxy.bypass.join('\n') };
}

/** The form's text for a saved client certificate (absent: none). */
function clientCertDraft(cert: ClientCertSettings | null | undefined): Partial<ProfileDraft> {
  if (!cert) return { clientCertKind: 'none' };
  if (cert.kind === 'pkcs12') return { clientCertKind: 'pkcs12', clientP12File: cert.file };
  return { clientCertKind: 'pem', clientCertFile: cert.certFile, clientKeyFile: cert.keyFile };
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
      ...proxyDraft(profile.proxy),
      ...clientCertDraft(profile.tls.clientCert),
    },
    profile.auth,
  );
}

/** The bypass list's entries: one per line or separated by commas, blanks dropped (the host checks each). */
function bypassEntries(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The text field that goes with a presentation kind, if it has one. */
function presentationField(kind: KeyPresentation['kind']): 'scheme' | 'header' | 'param' | null {
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
  let proxy: ProxySettings = { mode: 'system' };
  if (draft.proxyMode === 'none') proxy = { mode: 'none' };
  else if (draft.proxyMode === 'manual') {
    if (draft.proxyUrl.trim() === '') return fail('proxyUrl', 'Enter the proxy URL, for example http://proxy.example.com:3128.');
    const username = draft.proxyUsername.trim();
    proxy = {
      mode: 'manual',
      url: draft.proxyUrl.trim(),
      username: username === '' ? null : username,
      bypass: bypassEntries(draft.proxyBypass),
    };
  }
  let clientCert: ClientCertSettings | null = null;
  if (draft.clientCertKind === 'pkcs12') {
    if (draft.clientP12File.trim() === '') return fail('clientP12File', 'Enter the path of the PKCS#12 file (.p12 or .pfx).');
    clientCert = { kind: 'pkcs12', file: draft.clientP12File.trim() };
  } else if (draft.clientCertKind === 'pem') {
    if (draft.clientCertFile.trim() === '') return fail('clientCertFile', 'Enter the path of the certificate file (PEM).');
    if (draft.clientKeyFile.trim() === '') return fail('clientKeyFile', 'Enter the path of the private key file (PEM).');
    clientCert = { kind: 'pem', certFile: draft.clientCertFile.trim(), keyFile: draft.clientKeyFile.trim() };
  }
  return {
    ok: true,
    input: {
      name,
      baseUrl,
      auth,
      timeoutMs: Math.round(seconds * 1000),
      tls: { verify: draft.verifyTls, caFile: caFile === '' ? null : caFile, clientCert },
      allowInsecureHttp: draft.allowInsecureHttp,
      proxy,
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
    case 'proxy':
    case 'proxyUrl':
      return 'proxyUrl';
    case 'proxyUsername':
      return 'proxyUsername';
    case 'proxyBypass':
      return 'proxyBypass';
    // One host field for both kinds' certificate path: the PKCS#12 file holds the certificate.
    case 'clientCertFile':
    case 'tls.clientCert':
      return draft.clientCertKind === 'pkcs12' ? 'clientP12File' : 'clientCertFile';
    case 'clientKeyFile':
      return 'clientKeyFile';
    default:
      return null;
  }
}

/** The draft with the text of the choices not made (presentation, proxy, certificate) left out: it would not be saved. */
function asSaved(draft: ProfileDraft): ProfileDraft {
  const field = presentationField(draft.authKind);
  const manual = draft.proxyMode === 'manual';
  return {
    ...draft,
    scheme: field === 'scheme' ? draft.scheme : '',
    header: field === 'header' ? draft.header : '',
    param: field === 'param' ? draft.param : '',
    proxyUrl: manual ? draft.proxyUrl : '',
    proxyUsername: manual ? draft.proxyUsername : '',
    proxyBypass: manual ? bypassEntries(draft.proxyBypass).join('\n') : '',
    clientCertFile: draft.clientCertKind === 'pem' ? draft.clientCertFile : '',
    clientKeyFile: draft.clientCertKind === 'pem' ? draft.clientKeyFile : '',
    clientP12File: draft.clientCertKind === 'pkcs12' ? draft.clientP12File : '',
  };
}

/**
 * Whether two drafts would save the same profile (unsaved edits show as a difference). Text
 * kept for a choice that is not made does not count: saving would drop it anyway.
 */
export function sameDraft(a: ProfileDraft, b: ProfileDraft): boolean {
  const [left, right] = [asSaved(a), asSaved(b)];
  return (Object.keys(left) as DraftField[]).every((field) => left[field] === right[field]);
}
