import { safeUrl } from '../../../../renderer/lib/safeUrl';

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
