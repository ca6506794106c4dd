// Lint configuration. It lives at the top level because ESLint resolves file patterns from
// the config file's folder. Its one architectural rule: only the Electron glue (main,
// preload, ipc, adapters/) may import 'electron'; everything else must run in plain Node.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronGlue = ['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts', 'electron/adapters/**'];

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
              message: "Only electron/main.ts, preload.ts, ipc.ts and electron/adapters/ may import 'electron'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: electronGlue,
    rules: { 'no-restricted-imports': 'off' },
  },
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
