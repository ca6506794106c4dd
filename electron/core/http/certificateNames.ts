import type { X509Certificate } from 'node:crypto';
import type tls from 'node:tls';

/**
 * Certificates named for people: in error messages (an untrusted issuer, a refused client
 * certificate) and in the exchange's TLS facts. The names are the server's or a file's text:
 * shown as text, never markup.
 */

/** "CN=name, O=org" from a certificate's subject or issuer. */
export function distinguishedName(name: Partial<tls.Certificate> | Record<string, string> | undefined): string {
  if (!name) return 'an unnamed certificate';
  const record = name as Record<string, unknown>;
  const parts = (['CN', 'O', 'OU'] as const)
    .map((key) => (record[key] ? `${key}=${String(record[key])}` : null))
    .filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'an unnamed certificate';
}

/** X509Certificate's "C=..\nO=..\nCN=.." as the record tls.Certificate holds. */
function namesOf(text: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) names[line.slice(0, at)] = line.slice(at + 1);
  }
  return names;
}

/** "CN=analyst, O=Example, issued by CN=Example CA" */
export function certificateName(cert: X509Certificate): string {
  return `${distinguishedName(namesOf(cert.subject))}, issued by ${distinguishedName(namesOf(cert.issuer))}`;
}
