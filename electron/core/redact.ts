/**
 * Removes a secret from text we are about to show or keep (a server may echo the key back in
 * an error body or header). Very short secrets are left alone: redacting "demo" would mangle
 * ordinary words in answers, and a key that short protects nothing anyway.
 */
export const REDACTED = '[redacted key]';
const MIN_REDACTABLE_LENGTH = 8;

export function redactSecret(text: string, secret: string | null | undefined): string {
  if (!secret || secret.length < MIN_REDACTABLE_LENGTH) return text;
  let result = text.split(secret).join(REDACTED);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) result = result.split(encoded).join(REDACTED);
  return result;
}
