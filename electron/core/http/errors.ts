import { TransportError } from './transport';

/**
 * undici's errors as the transport's: a stable code the platform client knows (ABORT_ERR,
 * UPGRADE, Node's socket and TLS codes as they are) and, for an answer that is not valid HTTP,
 * a message that says so in words.
 */
export function transportErrorOf(error: unknown, url: URL): TransportError {
  if (error instanceof TransportError) return error;
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const known = typeof code === 'string' ? code : null;
  const invalid = (detail: string, errorCode: string) =>
    new TransportError(`The answer from ${url.host} is not valid HTTP: ${detail}. The connection was closed.`, errorCode, true);
  switch (known) {
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      return new TransportError('The exchange was aborted.', 'ABORT_ERR');
    case 'UND_ERR_SOCKET':
      // A 101 this client never asked for ("bad upgrade"); an answer with no request waiting for
      // it, or an unrequested 100 Continue ("bad response").
      if (/upgrade/i.test(text)) return new TransportError('The server switched protocols.', 'UPGRADE');
      if (/bad response/i.test(text))
        return invalid(
          'it sent an answer no request was waiting for (an unrequested 100 Continue, or bytes after the previous answer)',
          'HPE_UNEXPECTED_RESPONSE',
        );
      return new TransportError(text, known);
    case 'ERR_ASSERTION':
      // undici asserts on a 101 without an Upgrade header; any other broken promise of its parser
      // is an answer it could not follow.
      if (/upgrade/i.test(text)) return new TransportError('The server switched protocols.', 'UPGRADE');
      return invalid('its parser could not follow the answer', 'HPE_INVALID');
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return invalid(
        'the body does not have the length its Content-Length says (or that header is not a single number)',
        'HPE_INVALID_CONTENT_LENGTH',
      );
    case 'UND_ERR_HEADERS_OVERFLOW':
      return invalid('its headers (or trailers) are larger than 80 KB', 'HPE_HEADER_OVERFLOW');
    case 'UND_ERR_INVALID_ARG':
      // Refused before anything was sent: a header name or value that is not valid HTTP.
      return new TransportError(`The request was not sent: ${text}.`, /header/i.test(text) ? 'ERR_INVALID_CHAR' : 'ERR_INVALID_ARG', true);
    default:
      break;
  }
  if (name === 'HTTPParserError' || (known !== null && known.startsWith('HPE_')))
    return invalid(text.replace(/\.$/, ''), known ?? 'HPE_INVALID');
  return new TransportError(text, known);
}
