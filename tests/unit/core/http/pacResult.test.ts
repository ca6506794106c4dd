import { describe, expect, it } from 'vitest';
import { sessionSystemProxy } from '../../../../electron/desktop/adapters/systemProxy';
import { routeFromPac } from '../../../../electron/core/http/pacResult';

/**
 * What Electron's session.resolveProxy answers (Chromium's ProxyInfo::ToPacString), read as a
 * route: the first entry this client can use wins; SOCKS and QUIC are passed over, and an
 * answer with nothing else is an error that says so.
 */
const said = (answer: string) => {
  const route = routeFromPac(answer);
  return route.kind === 'direct' ? 'direct' : route.url.href;
};

describe('a PAC-style answer', () => {
  it('reads DIRECT, PROXY and HTTPS, the first usable one winning', () => {
    expect(said('DIRECT')).toBe('direct');
    expect(said('')).toBe('direct');
    expect(said('PROXY proxy.corp:3128')).toBe('http://proxy.corp:3128/');
    expect(said('HTTPS secure.corp:443')).toBe('https://secure.corp/');
    expect(said('PROXY a.corp:8080;PROXY b.corp:8080;DIRECT')).toBe('http://a.corp:8080/');
    expect(said('SOCKS5 s.corp:1080; PROXY [fd00::1]:3128')).toBe('http://[fd00::1]:3128/');
    expect(said('QUIC q.corp:443;DIRECT')).toBe('direct');
  });

  it('says SOCKS is not supported when nothing else is offered', () => {
    expect(() => routeFromPac('SOCKS5 s.corp:1080;SOCKS s.corp:1081')).toThrow(
      /name only proxies Agent Explorer cannot use \(SOCKS5 s\.corp:1080; SOCKS s\.corp:1081\): SOCKS and QUIC proxies are not supported/,
    );
  });
});

describe('the desktop adapter', () => {
  it('asks the session about the URL and reads its answer', async () => {
    const asked: string[] = [];
    const session = {
      resolveProxy: (url: string) => {
        asked.push(url);
        return Promise.resolve(url.startsWith('https://inside.corp') ? 'DIRECT' : 'PROXY gateway.corp:8080; DIRECT');
      },
    };
    const system = sessionSystemProxy(session);
    expect(await system(new URL('https://api.example.com/'))).toEqual({
      kind: 'proxy',
      url: new URL('http://gateway.corp:8080'),
      username: null,
      password: null,
    });
    expect(await system(new URL('https://inside.corp/'))).toEqual({ kind: 'direct' });
    expect(asked).toEqual(['https://api.example.com/', 'https://inside.corp/']);
  });
});
