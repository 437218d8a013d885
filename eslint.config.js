import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Import direction (design §9): the domain imports neither app; the server and the web app
 * never import each other; in the web app, shared code (components, lib, config, locales) imports
 * no feature and not the app shell, and a feature imports no other feature and, from the app
 * shell, only its typed store hooks (app/hooks.ts) and the store's types. Tests assemble the app
 * from its parts, so they may reach across.
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const NOT_SERVER = {
  group: ['@vmer/server', '@vmer/server/*', '**/apps/server/**', '**/server/src/**'],
  message: 'The web app never imports the server: they share only @vmer/domain.',
};
const NOT_WEB = {
  group: ['@vmer/web', '@vmer/web/*', '**/apps/web/**', '**/web/src/**'],
  message: 'The server never imports the web app: they share only @vmer/domain.',
};
const NOT_APP_SHELL = {
  group: ['**/app/*', '!**/app/hooks.ts'],
  allowTypeImports: true,
  message:
    'Dependencies flow shared → features → app: a feature takes only the typed hooks (app/hooks.ts) and the store types from the app shell.',
};
const WEB_TESTS = [
  'apps/web/src/**/__tests__/**',
  'apps/web/src/test/**',
  'apps/web/src/**/*.test.{ts,tsx}',
];

/** The imports the web app's own code (not its tests) may not make: the server's, and `patterns`. */
const webProductionImports = (files, ...patterns) => ({
  files,
  ignores: WEB_TESTS,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NOT_SERVER, ...patterns] }],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
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
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NOT_SERVER] }] },
  },
  webProductionImports(['apps/web/src/{components,lib,config,locales}/**/*.{ts,tsx}'], {
    group: ['**/features/**', '**/app/**'],
    message:
      'Shared code imports no feature and not the app shell (dependencies flow shared → features → app).',
  }),
  ...WEB_FEATURES.map((feature) =>
    webProductionImports([`apps/web/src/features/${feature}/**/*.{ts,tsx}`], NOT_APP_SHELL, {
      group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
        `**/features/${other}/**`,
        `../${other}/**`,
        `../../${other}/**`,
        `../../../${other}/**`,
      ]),
      message: `A feature imports no other feature: move what ${feature} shares into components/ or lib/, or compose them in app/.`,
    }),
  ),
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
                'react',
                'react-*',
                'react/*',
                '@mui/*',
                '@emotion/*',
                '@reduxjs/*',
                'redux',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'kysely',
                'kysely-*',
                'pg',
                '@electric-sql/*',
                'i18next',
                'react-i18next',
                'node:*',
                'fs',
                'path',
                'http',
                'exceljs',
                'jose',
                'oidc-*',
                '@vmer/server',
                '@vmer/web',
                '**/apps/**',
              ],
              message:
                'packages/domain stays free of UI, server, database, I/O and i18n libraries.',
            },
          ],
        },
      ],
    },
  },
);
