/**
 * Text from a suite, a data file or a server, made safe to print on a terminal. A terminal acts
 * on control characters: OSC 52 (`ESC ] 52 ; c ; …`) writes the clipboard, an erase-line
 * (`ESC [ 2K`, or the one-byte C1 CSI `U+009B`) and a carriage return let a case name redraw
 * "FAIL" as "PASS". So every C0 and C1 control and DEL is removed; a line break or tab inside a
 * value becomes a space, so a value never starts a line of its own: only the command's own line
 * breaks, added around values, end lines.
 *
 * What is left of an escape sequence (`]52;c;…`, `[2K`) stays visible as text, which shows that
 * the value held one.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const BREAKS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** `text` with line breaks and tabs made spaces and every other control character removed. */
export function printable(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '');
}
