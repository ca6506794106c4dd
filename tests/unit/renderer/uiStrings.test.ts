import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * No string in the app's own code carries a raw backtick: not the renderer's text, nor the
 * core's and hosts' messages, which the UI shows as they are. This finds the sentences no
 * rendered screen in a test happens to reach (a host that went away, a rare error). Template
 * literals are fine: only the text inside strings and JSX counts. The Sandbox's guidelines are
 * markdown content, where backticks mean code, and are not scanned; nor is the suite's JSON
 * Schema (its descriptions are for editors, which show them as markdown, never for the app).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const NOT_UI_TEXT = new Set(['electron/core/runs/suiteSchema.ts']);
const SCANNED = ['renderer', 'electron/core', 'electron/web', 'electron/shared', 'electron/desktop/adapters'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    if (NOT_UI_TEXT.has(relative)) return [];
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** Each string or JSX text in a file that holds a backtick, as "file:line: text". */
function backtickStrings(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
        ? node.text
        : ts.isJsxText(node)
          ? node.getText()
          : null;
    if (text?.includes('`'))
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim().slice(0, 100)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the app’s own strings', () => {
  it('hold no raw backticks', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => backtickStrings(file))).toEqual([]);
  });

  it('finds one where there is one (the scan itself works)', () => {
    const sample = "const a = <p>Run `npm start` first</p>;\nconst b = 'then `npm test`';\nconst c = `a template ${a} is fine`;";
    expect(backtickStrings('sample.tsx', sample)).toEqual(['sample.tsx:1: Run `npm start` first', 'sample.tsx:2: then `npm test`']);
  });
});
