import {
  draftFieldOf,
  draftFromProfile,
  inputFromDraft,
  NEW_PROFILE_DRAFT,
  sameDraft,
  withoutApiSuffix,
  withPresentation,
} from '../../../../../renderer/features/profile/profileDraft';
import { describePresentation, samePresentation } from '../../../../../electron/shared/keyPresentation';
import { profileInput } from '../../../../support/fakeApi';

describe('profile draft', () => {
  it.each([
    ['https://platform.example.com/api', 'https://platform.example.com'],
    ['https://platform.example.com/api/', 'https://platform.example.com'],
    ['https://platform.example.com/v2/API', 'https://platform.example.com/v2'],
    ['https://platform.example.com', null],
    ['https://platform.example.com/apis', null],
    ['https://platform.example.com/rapi', null],
    ['https://api.example.com', null],
    ['/api', null],
  ])('a base URL %s ending in /api is offered %s', (url, fixed) => {
    expect(withoutApiSuffix(url)).toBe(fixed);
  });

  it('round-trips a saved profile through the form text', () => {
    const input = profileInput({
      auth: { kind: 'header', header: 'X-API-Key' },
      timeoutMs: 1500,
      tls: { verify: false, caFile: '/ca.pem', clientCert: null },
      proxy: { mode: 'system' },
    });
    const draft = draftFromProfile(input);
    expect(draft.timeoutSeconds).toBe('1.5');
    expect(inputFromDraft(draft)).toEqual({ ok: true, input });
  });

  it('round-trips a manual proxy and each kind of client certificate', () => {
    const proxy = { mode: 'manual' as const, url: 'http://proxy.corp:3128', username: 'analyst', bypass: ['.corp.example', '10.0.0.0/8'] };
    const pem = profileInput({
      proxy,
      tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: '/c.pem', keyFile: '/c.key' } },
    });
    expect(draftFromProfile(pem)).toMatchObject({ proxyMode: 'manual', proxyBypass: '.corp.example\n10.0.0.0/8', clientCertKind: 'pem' });
    expect(inputFromDraft(draftFromProfile(pem))).toEqual({ ok: true, input: pem });
    const p12 = profileInput({
      proxy: { mode: 'none' },
      tls: { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: '/c.p12' } },
    });
    expect(inputFromDraft(draftFromProfile(p12))).toEqual({ ok: true, input: p12 });
  });

  it('takes the bypass list one entry per line or separated by commas, and no user name as null', () => {
    const draft = {
      ...NEW_PROFILE_DRAFT,
      name: 'A',
      baseUrl: 'https://a.example',
      proxyMode: 'manual' as const,
      proxyUrl: ' http://p:3128 ',
      proxyUsername: '  ',
    };
    const result = inputFromDraft({ ...draft, proxyBypass: 'example.com, .example.com\n\n10.0.0.0/8 ,host:8443\n' });
    expect(result).toMatchObject({
      ok: true,
      input: {
        proxy: { mode: 'manual', url: 'http://p:3128', username: null, bypass: ['example.com', '.example.com', '10.0.0.0/8', 'host:8443'] },
      },
    });
    expect(inputFromDraft({ ...draft, proxyUrl: '' })).toMatchObject({ ok: false, problem: { field: 'proxyUrl' } });
    expect(inputFromDraft({ ...draft, proxyMode: 'none', proxyUrl: '' })).toMatchObject({ ok: true, input: { proxy: { mode: 'none' } } });
  });

  it('keeps each choice’s typing, which does not count as a change while another is chosen', () => {
    const saved = draftFromProfile(profileInput());
    const typed = {
      ...saved,
      proxyMode: 'manual' as const,
      proxyUrl: 'http://p:3128',
      clientCertKind: 'pkcs12' as const,
      clientP12File: '/c.p12',
    };
    expect(sameDraft(typed, saved)).toBe(false);
    // Back to System and None: the text stays in the draft for later, but saving would drop it.
    const back = { ...typed, proxyMode: 'system' as const, clientCertKind: 'none' as const };
    expect(back.proxyUrl).toBe('http://p:3128');
    expect(sameDraft(back, saved)).toBe(true);
    expect(inputFromDraft({ ...typed, clientP12File: ' ' })).toMatchObject({ ok: false, problem: { field: 'clientP12File' } });
    expect(inputFromDraft({ ...typed, clientCertKind: 'pem' })).toMatchObject({ ok: false, problem: { field: 'clientCertFile' } });
  });

  it('keeps the other presentations’ typing when one is put in', () => {
    const draft = { ...NEW_PROFILE_DRAFT, header: 'X-Typed', authKind: 'header' as const };
    const next = withPresentation(draft, { kind: 'scheme', scheme: 'Token' });
    expect(next).toMatchObject({ authKind: 'scheme', scheme: 'Token', header: 'X-Typed' });
  });

  it('counts as unchanged when only a presentation not chosen keeps old typing', () => {
    const saved = draftFromProfile(profileInput({ auth: { kind: 'header', header: 'X-Key' } }));
    // Detect chose a query parameter: the header's text stays in the draft, but saving drops it.
    const detected = withPresentation(saved, { kind: 'query', param: 'api_key' });
    expect(sameDraft(detected, draftFromProfile(profileInput({ auth: { kind: 'query', param: 'api_key' } })))).toBe(true);
    // Switched away and back: nothing to save.
    expect(sameDraft({ ...saved, authKind: 'bearer' }, saved)).toBe(false);
    expect(sameDraft({ ...saved, authKind: 'bearer', scheme: 'typed' }, { ...saved, authKind: 'bearer' })).toBe(true);
    expect(sameDraft({ ...saved, header: 'X-Other' }, saved)).toBe(false);
  });

  it('finds only obvious emptiness, field by field', () => {
    const base = { ...NEW_PROFILE_DRAFT, name: 'A', baseUrl: 'https://a.example' };
    expect(inputFromDraft({ ...base, name: '  ' })).toMatchObject({ ok: false, problem: { field: 'name' } });
    expect(inputFromDraft({ ...base, baseUrl: '' })).toMatchObject({ ok: false, problem: { field: 'baseUrl' } });
    expect(inputFromDraft({ ...base, authKind: 'query' })).toMatchObject({ ok: false, problem: { field: 'param' } });
    expect(inputFromDraft({ ...base, timeoutSeconds: '' })).toMatchObject({ ok: false, problem: { field: 'timeoutSeconds' } });
    // Not obviously empty: the host decides (e.g. a negative time-out, an ftp: URL).
    expect(inputFromDraft({ ...base, baseUrl: 'ftp://x', timeoutSeconds: '-1' }).ok).toBe(true);
    expect(inputFromDraft({ ...base, caFile: '  ' })).toMatchObject({ ok: true, input: { tls: { verify: true, caFile: null } } });
  });

  it('maps the host’s field names to form fields, and unknown ones to the top', () => {
    const draft = { ...NEW_PROFILE_DRAFT, authKind: 'scheme' as const };
    expect(draftFieldOf('baseUrl', draft)).toBe('baseUrl');
    expect(draftFieldOf('auth', draft)).toBe('scheme');
    expect(draftFieldOf('auth', NEW_PROFILE_DRAFT)).toBe('authKind');
    expect(draftFieldOf('timeoutMs', draft)).toBe('timeoutSeconds');
    expect(draftFieldOf('tls.caFile', draft)).toBe('caFile');
    expect(draftFieldOf('proxyUrl', draft)).toBe('proxyUrl');
    expect(draftFieldOf('proxyBypass', draft)).toBe('proxyBypass');
    expect(draftFieldOf('clientCertFile', draft)).toBe('clientCertFile');
    expect(draftFieldOf('clientCertFile', { ...draft, clientCertKind: 'pkcs12' })).toBe('clientP12File');
    expect(draftFieldOf('clientKeyFile', draft)).toBe('clientKeyFile');
    expect(draftFieldOf('something', draft)).toBeNull();
    expect(draftFieldOf(undefined, draft)).toBeNull();
  });

  it('describes presentations as the host does, and compares them case-blind', () => {
    expect(describePresentation({ kind: 'query', param: 'api_key' })).toBe('?api_key=<key>');
    expect(samePresentation({ kind: 'header', header: 'x-api-key' }, { kind: 'header', header: 'X-API-Key' })).toBe(true);
    expect(samePresentation({ kind: 'bearer' }, { kind: 'scheme', scheme: 'Token' })).toBe(false);
  });
});
