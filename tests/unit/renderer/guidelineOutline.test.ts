import { imageHost, isOpenableExternally } from '../../../renderer/lib/safeUrl';

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
