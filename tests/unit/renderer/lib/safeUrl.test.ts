import { imageHost, isOpenableExternally, safeUrl } from '../../../../renderer/lib/safeUrl';

describe('safeUrl', () => {
  it.each([
    ['https://docs.example.com/a?b=c#d', 'https://docs.example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['#section-2', '#section-2'],
    ['  https://example.com/x  ', 'https://example.com/x'],
  ])('allows %j', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' \u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    'relative.html',
    '//evil.example.com/x',
    'ftp://example.com',
    '',
  ])('blocks %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });
});

describe('external addresses', () => {
  it('opens only https links without credentials', () => {
    expect(isOpenableExternally('https://docs.example.com/x')).toBe(true);
    expect(isOpenableExternally('http://docs.example.com/x')).toBe(false);
    expect(isOpenableExternally('mailto:a@example.com')).toBe(false);
    expect(isOpenableExternally('https://bank.example@evil.example/')).toBe(false);
  });

  it('loads images only over https, naming their host', () => {
    expect(imageHost('https://cdn.example.com:8443/a.png')).toBe('cdn.example.com:8443');
    expect(imageHost('http://cdn.example.com/a.png')).toBeNull();
    expect(imageHost('data:image/png;base64,AAAA')).toBeNull();
  });
});
