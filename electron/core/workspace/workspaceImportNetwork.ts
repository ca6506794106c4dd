import type { ClientCertSettings, ProfileInput, ProfileSecretName, ProxySettings } from '../../shared/api';
import { originOf } from '../profiles/baseUrl';
import { bypassesProxy } from '../http/proxyEnv';

/**
 * A workspace file's profile says which way its requests go (a proxy) and what certificate it
 * presents. A file from someone else could route every request through their proxy, or present
 * the person's own certificate to their server, so the import preview says both in words, for
 * each profile, beside the other warnings, and says what a replace does to the secrets bound to
 * them. Nothing here touches a file: the paths are shown as the file has them.
 */

/** What a profile's proxy and client certificate do, for the preview (nothing for the defaults). */
export function networkWarnings(input: ProfileInput): string[] {
  const warnings: string[] = [];
  const proxy = input.proxy ?? { mode: 'system' };
  const server = new URL(input.baseUrl);
  if (proxy.mode === 'none')
    warnings.push("Sends requests directly, never through a proxy: this computer's proxy settings are not used for it.");
  if (proxy.mode === 'manual') {
    const bypass = proxy.bypass.join(', ');
    if (bypassesProxy(server, proxy.bypass.join(','))) {
      warnings.push(
        `Names the proxy ${proxy.url}, but its server ${server.host} is in the bypass list (${bypass}): its requests go directly.`,
      );
    } else {
      const who = proxy.username === null ? '' : ` as user "${proxy.username}"`;
      const except = bypass === '' ? '' : `, except to ${bypass}`;
      const sees =
        server.protocol === 'https:'
          ? 'The proxy sees which server each request goes to, not the request or its key: HTTPS goes through it encrypted.'
          : 'Its server is plain http: the proxy sees every request, the key included.';
      warnings.push(`Sends requests through the proxy ${proxy.url}${who}${except}. ${sees}`);
    }
    if (proxy.url.startsWith('http:') && proxy.username !== null)
      warnings.push('The proxy is plain http: the password you give for it travels unencrypted.');
  }
  const cert = input.tls.clientCert;
  if (cert) {
    const origin = originOf(input.baseUrl);
    warnings.push(
      cert.kind === 'pkcs12'
        ? `Presents the client certificate in ${cert.file} when ${origin} asks for one. The file is read when a request is sent, not by the import.`
        : `Presents the client certificate ${cert.certFile} (key ${cert.keyFile}) when ${origin} asks for one. ` +
            'The files are read when a request is sent, not by the import.',
    );
  }
  return warnings;
}

/** A proxy setting in a few words, for the differences of a replaced profile. */
export function describeProxy(proxy: ProxySettings | undefined): string {
  if (proxy === undefined || proxy.mode === 'system') return 'system settings';
  if (proxy.mode === 'none') return 'none (direct)';
  const who = proxy.username === null ? '' : ` as "${proxy.username}"`;
  return `${proxy.url}${who}${proxy.bypass.length > 0 ? `, except to ${proxy.bypass.join(', ')}` : ''}`;
}

/** A client certificate setting in a few words. */
export function describeClientCert(cert: ClientCertSettings | null | undefined): string {
  if (!cert) return 'none';
  return cert.kind === 'pkcs12' ? cert.file : `${cert.certFile} with key ${cert.keyFile}`;
}

/** What the preview says of a secret a replace will clear, and what the report says once it has. */
export const SECRET_WORDS: Record<ProfileSecretName, { willClear: string; cleared: string }> = {
  proxyPassword: {
    willClear: 'Its proxy password will be cleared: the proxy changes, and a password is sent only to the proxy it was given for.',
    cleared: 'Its proxy password was cleared: set it again in Manage profiles.',
  },
  certPassphrase: {
    willClear:
      'The passphrase of its client certificate will be cleared: the certificate or its server changes, ' +
      'and a passphrase is used only for what it was given for.',
    cleared: 'The passphrase of its client certificate was cleared: set it again in Manage profiles.',
  },
};
