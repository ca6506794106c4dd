import { useRef } from 'react';
import type { PayloadEditorHandle } from '../invoke/payload/editorChoice';
import { PayloadCodeEditor, type EditorHints } from '../invoke/payload/PayloadCodeEditor';
import { suiteKeyCompletions, suiteLintSource } from './suiteSchemaHints';

const SUITE_HINTS: EditorHints = { lint: suiteLintSource, complete: suiteKeyCompletions };

/**
 * The suite's JSON in the payload's CodeMirror editor (one editor in the app), checked and
 * completed from the suite's JSON Schema in place of the payload's hints. It comes in a chunk of
 * its own with the schema and its validator; SuiteSource loads it when Source is first shown.
 */
export function SuiteCodeEditor(props: { value: string; onChange: (text: string) => void; invalid: boolean; description: string | null }) {
  const editorRef = useRef<PayloadEditorHandle>(null);
  return <PayloadCodeEditor {...props} label="Suite JSON" knownKeys={[]} editorRef={editorRef} hints={SUITE_HINTS} grow />;
}
