import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Layers that point one way (docs/architecture.md). A feature reaches a worker through its client, the
 * shared query types and the worker starter only; a worker never imports a feature (ranking and writers that run in a
 * worker live beside the engine); the lower layers (ui, api, i18n, db, files) import no feature; the
 * extension imports contract/ and its own code; components write through their feature's actions module.
 * Tests may cross layers to set up real collaborators.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** What both programs agree on depends on neither of them. */
const contractApart = {
  group: ['**/src/**', '**/server/**', '**/extension/**', '**/tests/**', '**/bench/**', '**/scripts/**'],
  message: 'contract/ imports nothing of ours outside contract/.',
};
const noWorkerInternals = {
  group: [
    '**/workers/**',
    '!**/workers/query-client.ts',
    '!**/workers/sync-client.ts',
    '!**/workers/query-types.ts',
    '!**/workers/start-worker.ts',
  ],
  message:
    'A feature uses a worker through its client (query-client.ts, sync-client.ts), query-types.ts and start-worker.ts (how a worker is started and its failure told).',
};
/** Components write through their feature's actions module (`*-actions.ts`), which builds the calls. */
const noDirectWrites = {
  group: ['**/db/actions.ts', '**/db/call.ts'],
  message: "A component writes through its feature's *-actions.ts, which builds the call and its effect.",
};
const noFeatures = {
  group: ['**/features/**'],
  message: 'Features sit above this layer: move what both need down (workers/, db/, files/ or contract/).',
};
const layers = (files, ...patterns) => ({
  files,
  ignores: TESTS,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
/** From a file `depth` folders below the root: an import that leaves extension/ for anything but contract/. */
const leavesExtension = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!contract/)`,
  message: 'The extension imports contract/ and its own code only.',
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-extension',
      'data',
      'node_modules',
      '.cache',
      'src/paraglide',
      'dev-dist',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Screens take limits and helpers from contract/limits.ts and name their calls through
    // contract/routes.ts; a value import of a schema file or of contract/api.ts brings zod and the
    // schemas (about 35 kB compressed) into the page that imports it, and the sync and query
    // workers load with every cold /home too (docs/benchmarks.md). Only the import (which checks
    // files, in its own worker) may import them; types are always fine. Form bodies go through
    // src/api/form.ts, which loads qs's encoder (contract/wire.ts) on first need.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/features/import/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract/schemas/*', '**/contract/api.ts', '**/contract/sync-rows.ts'],
              allowTypeImports: true,
              message:
                'Import limits and helpers from contract/limits.ts and calls from contract/routes.ts (zod stays out of the screens).',
            },
            {
              group: ['**/contract/wire.ts', 'zod', 'qs'],
              allowTypeImports: true,
              message:
                'Write bodies with src/api/form.ts and check shapes by hand: zod and qs stay out of the first load of the page and its workers.',
            },
          ],
        },
      ],
    },
  },
  // Layers of the server (routes -> services -> repositories -> SQL): below the
  // HTTP layer nothing knows of requests, and the error and message vocabulary (server/domain/) sits
  // under everything. Tests are left out: they may drive any layer.
  {
    files: ['server/{services,db,domain,jobs,collectors,seed,cli}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '**/routes/**'],
              message:
                'Below the routes nothing imports server/http/ or server/routes/: errors and messages are in server/domain/, sessions in services/session.service.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '**/routes/**'],
              message: 'Repositories know nothing of HTTP: errors are in server/domain/errors.ts.',
            },
            {
              group: ['**/services/**', '**/jobs/**', '**/collectors/**'],
              message:
                'Repositories never import services (a use case calls its repository, not the reverse).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/app.ts',
                '**/config.ts',
                '**/http/**',
                '**/routes/**',
                '**/services/**',
                '**/db/**',
                '**/jobs/**',
                '**/collectors/**',
                '**/seed/**',
                '**/cli/**',
                '**/ops/**',
                '**/integrations/**',
              ],
              message:
                'server/domain/ is the floor every layer stands on: it imports only contract/ and libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // What both programs agree on depends on neither of them.
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [contractApart],
        },
      ],
    },
  },
  {
    // The contract modules the sync and query workers load: zod (and the schema files) would come
    // with them into every cold /home (docs/benchmarks.md). Types are fine. After the contract/**
    // block, whose patterns it repeats (a later config replaces a rule's options).
    files: [
      'contract/{sync,live,constants,codes,limits,shop-time,creator-fields,export-columns}.ts',
      'contract/fit/**/*.ts',
    ],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            contractApart,
            {
              group: ['zod', 'qs', '**/schemas/*', '**/api.ts', '**/wire.ts', '**/sync-rows.ts'],
              allowTypeImports: true,
              message: 'The workers load this module: keep zod and qs out (check shapes by hand).',
            },
          ],
        },
      ],
    },
  },
  layers(['src/features/**/*.{ts,tsx}'], noWorkerInternals),
  // Later configs replace a rule's options for the files they match: this one repeats the worker rule.
  layers(
    ['src/features/**/*.tsx', 'src/routes/**/*.tsx', 'src/app/**/*.tsx'],
    noWorkerInternals,
    noDirectWrites,
  ),
  layers(['src/workers/**/*.ts'], noFeatures),
  layers(['src/{ui,api,i18n,db,files}/**/*.{ts,tsx}'], noFeatures),
  layers(['extension/*.ts'], leavesExtension(1)),
  layers(['extension/src/*.ts'], leavesExtension(2)),
  layers(['extension/src/*/*.ts'], leavesExtension(3)),
  layers(['extension/src/*/*/**/*.ts'], {
    regex: '^(\\.\\./){4,}',
    message: 'The extension imports contract/ and its own code only.',
  }),
);
