import {
  draftFieldOf,
  draftFromProfile,
  inputFromDraft,
  NEW_PROFILE_DRAFT,
  sameDraft,
  withPresentation,
} from '../../../renderer/features/profile/profileDraft';
import { describePresentation, samePresentation } from '../../../electron/shared/keyPresentation';
import { profileInput } from '../../support/fakeApi';

describe('profile draft', () => {
  it('round-trips a saved profile through the form text', () => {
    const input = profileInput({ auth: { kind: 'header', header: 'X-API-Key' }, timeoutMs: 1500, tls: { verify: false, caFile: '/ca.pem' } });
    const draft = draftFromProfile(input);
    expect(draft.timeoutSeconds).toBe('1.5');
    expect(inputFromDraft(draft)).toEqual({ ok: true, input });
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
    expect(draftFieldOf('something', draft)).toBeNull();
    expect(draftFieldOf(undefined, draft)).toBeNull();
  });

  it('describes presentations as the host does, and compares them case-blind', () => {
    expect(describePresentation({ kind: 'query', param: 'api_key' })).toBe('?api_key=<key>');
    expect(samePresentation({ kind: 'header', header: 'x-api-key' }, { kind: 'header', header: 'X-API-Key' })).toBe(true);
    expect(samePresentation({ kind: 'bearer' }, { kind: 'scheme', scheme: 'Token' })).toBe(false);
  });
});
