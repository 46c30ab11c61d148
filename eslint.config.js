// ESLint: TypeScript (typescript-eslint) everywhere, React hooks rules for the UI. Formatting is
// Prettier's job (npm run format), so no stylistic rules here. `npm run lint` allows no warnings.
// assembly/ is left to asc, its compiler and checker: AssemblyScript's top-level function
// decorators (@inline) are not TypeScript syntax, so neither ESLint nor Prettier can parse it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint/layers.js';

export default tseslint.config(
  // Relative to this file, so `data/` is the runtime store at the root only (src/core/data/ is linted).
  { ignores: ['dist/', 'build/', 'bench/results/', 'data/', 'node_modules/', 'assembly/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // CommonJS entries (the bitsmith command's): require() is how they load.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The layer boundaries of the README's layout (eslint/layers.js); import cycles are checked by
    // scripts/import-cycles.mjs, also part of `npm run lint`.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'cli/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/boundaries': 'error' },
  },
  {
    // Ambient declarations of runtime globals: `declare var` and empty interfaces are how lib.dom does it.
    files: ['**/*.d.ts'],
    rules: { 'no-var': 'off', '@typescript-eslint/no-empty-object-type': 'off' },
  },
);
