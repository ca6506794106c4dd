// Lint configuration. It lives at the top level because ESLint resolves file patterns from
// the config file's folder. Its architectural rules are the direction of imports (below).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The direction of imports, folder by folder: shared/ (the contract and pure modules) imports
 * nothing of ours; the sandbox imports shared/; core/ imports shared/ and the sandbox it starts;
 * the hosts (desktop/, web/, cli/) import core/ and shared/; the renderer imports shared/ only.
 * Only desktop/ may import Electron. Tests and tooling may import anything.
 */
const ELECTRON = { name: 'electron', message: "Only electron/desktop/ may import 'electron'." };
const layer = (files, forbidden, withElectron = true) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: withElectron ? [ELECTRON] : [],
        patterns: [{ regex: `(^|/)(${forbidden.join('|')})/`, message: `${files[0]} may not import from ${forbidden.join(', ')}.` }],
      },
    ],
  },
});
const layers = [
  layer(['electron/shared/**'], ['core', 'desktop', 'web', 'cli', 'sandbox', 'tooling', 'renderer']),
  layer(['electron/sandbox/**'], ['core', 'desktop', 'web', 'cli', 'tooling', 'renderer']),
  layer(['electron/core/**'], ['desktop', 'web', 'cli', 'tooling', 'renderer']),
  layer(['electron/web/**'], ['desktop', 'cli', 'tooling', 'renderer']),
  layer(['electron/cli/**'], ['desktop', 'web', 'tooling', 'renderer']),
  layer(['electron/desktop/**'], ['web', 'cli', 'tooling', 'renderer'], false),
  layer(['renderer/**'], ['electron/core', 'electron/desktop', 'electron/web', 'electron/cli', 'electron/sandbox', 'electron/tooling']),
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: "Only electron/desktop/main.ts, preload.ts, ipc.ts and electron/desktop/adapters/ may import 'electron'.",
            },
          ],
        },
      ],
    },
  },
  ...layers,
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Untrusted text stays text: never use dangerouslySetInnerHTML.',
        },
      ],
    },
  },
);
