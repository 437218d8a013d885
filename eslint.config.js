import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The domain core is pure: no UI, server, database or i18n library, tests included.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react', 'react-*', 'react/*', '@mui/*', '@emotion/*', '@reduxjs/*', 'redux',
                'fastify', 'fastify-*', '@fastify/*', 'kysely', 'kysely-*', 'pg', '@electric-sql/*',
                'i18next', 'react-i18next', 'node:*', 'fs', 'path', 'http', 'exceljs', 'jose', 'oidc-*',
                '@vmer/server', '@vmer/web', '**/apps/**',
              ],
              message: 'packages/domain stays free of UI, server, database, I/O and i18n libraries.',
            },
          ],
        },
      ],
    },
  },
);
