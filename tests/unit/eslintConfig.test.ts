import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture rule "only the Electron glue imports 'electron'" is enforced by lint; this
 * proves the rule is there and bites, so removing it from the config fails a test.
 */
const eslint = new ESLint();
const source = "import { app } from 'electron';\nexport const name = app.getName();\n";

async function ruleIds(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? '');
}

describe("who may import 'electron'", () => {
  it.each(['electron/core/anything.ts', 'electron/web/host.ts', 'electron/sandbox/server.ts', 'renderer/app/App.tsx'])(
    '%s may not',
    async (filePath) => {
      expect(await ruleIds(filePath)).toContain('no-restricted-imports');
    },
  );

  it.each(['electron/desktop/main.ts', 'electron/desktop/preload.ts', 'electron/desktop/ipc.ts', 'electron/desktop/adapters/dialogs.ts'])(
    '%s may',
    async (filePath) => {
      expect(await ruleIds(filePath)).not.toContain('no-restricted-imports');
    },
  );
});
