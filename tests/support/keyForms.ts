/**
 * A sentinel key whose characters every encoding treats differently (reserved, RFC 3986
 * extras, space, plus, non-ASCII, beyond the BMP), and every form a server might echo it in.
 */
export const KEY = "sk/~(live)+ =key!*'é✓😀end";

const hexLower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
const strict = (text: string) => encodeURIComponent(text).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const allUnicodeEscapes = (text: string) =>
  [...Array(text.length).keys()].map((i) => `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
const someUnicodeEscapes = (text: string) =>
  [...text]
    .map((char, i) =>
      i % 2 === 0
        ? char
        : [...Array(char.length).keys()].map((j) => `\\u${char.charCodeAt(j).toString(16).toUpperCase().padStart(4, '0')}`).join(''),
    )
    .join('');
export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
export const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export const KEY_FORMS: Record<string, string> = {
  raw: KEY,
  encodeURIComponent: encodeURIComponent(KEY),
  encodeURI: encodeURI(KEY),
  'RFC 3986 strict': strict(KEY),
  'lowercase hex': hexLower(encodeURIComponent(KEY)),
  'form encoding (+ for space)': new URLSearchParams({ k: KEY }).toString().slice(2),
  'JSON string': JSON.stringify(KEY).slice(1, -1),
  'JSON with \\/': JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/'),
  'JSON, every character \\u': allUnicodeEscapes(KEY),
  'JSON, some characters \\u': someUnicodeEscapes(KEY),
  base64: base64(KEY),
  'base64 without padding': base64(KEY).replace(/=+$/, ''),
  base64url: base64url(KEY),
};
