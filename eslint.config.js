// Lint gate (npm run lint): typescript-eslint strict, React hooks, accessibility of JSX, Astro
// components, and the project rule that configuration is read only through src/server/env.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import astro from 'eslint-plugin-astro';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const envOnlyInEnvTs = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through env() from src/server/env.ts (the only reader of process.env).',
};

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.tools/', 'data/', 'test-results/', 'playwright-report/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['**/*.tsx', 'src/islands/**/*.ts', 'src/lib/**/*.ts'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-syntax': ['error', envOnlyInEnvTs],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // Browser code takes wire types from the contracts but never their values: a value import pulls zod
  // into the page's JavaScript, and zod's JIT probe (new Function) is an eval the CSP refuses.
  {
    files: ['src/islands/**', 'src/lib/stores/**', 'src/lib/chat/**', 'src/lib/rules/**', 'src/directives/**', 'src/scripts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod stays on the server and in the contracts.', allowTypeImports: true }],
          patterns: [
            {
              group: ['**/api/contract/*', '**/api/fields', '**/api/define'],
              message: 'Import only types from the contracts (`import type`); shared values live in src/lib/rules.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // Processes that start before or beside the app (config files, scripts, the server entry, test rigs) read the environment directly.
  {
    files: ['src/server/env.ts', 'scripts/**', 'tests/**', '*.config.{js,mjs,ts}', 'server.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Tests assert presence with `!` right after checking it, and read untyped JSON answers.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' } },
  prettier,
);
