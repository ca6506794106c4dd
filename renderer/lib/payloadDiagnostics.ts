import { checkPayload } from './payload';
import { placeholderHintMessage, placeholderHints, type HintContext } from './payloadMembers';

/** A problem at a place in the payload text, in the shape the editor's lint marks use. */
export interface PayloadDiagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

/**
 * The marks for the payload editor: the first JSON problem (as an error, with the very
 * message shown under the field, from our own scanner so it reads the same in every host)
 * and every `{…}` in a string value (as a warning).
 */
export function payloadDiagnostics(text: string, context: HintContext = {}): PayloadDiagnostic[] {
  const diagnostics: PayloadDiagnostic[] = [];
  const check = checkPayload(text);
  if (!check.ok) {
    const from = Math.min(check.offset, text.length);
    diagnostics.push({ from, to: Math.min(from + 1, text.length), severity: 'error', message: check.message });
  }
  for (const hint of placeholderHints(text, context)) {
    diagnostics.push({ from: hint.from, to: hint.to, severity: 'warning', message: placeholderHintMessage(hint) });
  }
  return diagnostics;
}
