// One lint setup for the whole repository. The layer rules of CONVENTIONS.md are enforced with
// a small local rule (tools/eslint-layers.js): each zone forbids files under `target` from importing files under
// `from`.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layerPlugin from './tools/eslint-layers.js';
import globals from 'globals';

const webFeatures = existsSync('apps/web/src/features')
  ? readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const serverFeatures = existsSync('apps/server/src/features')
  ? readdirSync('apps/server/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const layerZones = [
  // Parts: contract <- server, web, sso, e2e; db-kit <- server, sso. web and server never import each other.
  { target: './packages/contract', from: ['./apps', './e2e', './bench'], message: 'contract has no dependencies' },
  { target: './packages/db-kit', from: ['./apps', './e2e', './bench'], message: 'db-kit has no app dependencies' },
  { target: './apps/web', from: ['./apps/server', './apps/sso'], message: 'web talks to the server over HTTP only' },
  { target: './apps/server', from: ['./apps/web', './apps/sso'], message: 'server talks to the SSO over HTTP only' },
  { target: './apps/sso', from: ['./apps/web', './apps/server'], message: 'sso is a separate service' },
  // Web: shared code -> features -> app.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'shared code must not depend on features or the app',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not depend on the app' },
  // One zone per feature: no feature imports another.
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: './apps/web/src/features',
    except: [`./apps/web/src/features/${f}`],
    message: 'a feature must not import another feature; compose them in app/',
  })),
  // Server: plugins and shared code below the features; a feature reaches another only through its index.ts.
  {
    target: './apps/server/src/domain',
    from: ['./apps/server/src/features', './apps/server/src/plugins', './apps/server/src/db'],
    message: 'domain is pure: no Fastify, no Drizzle',
  },
  {
    target: ['./apps/server/src/plugins', './apps/server/src/lib', './apps/server/src/integrations'],
    from: './apps/server/src/features',
    message: 'plugins, lib and integrations are below the features: they must not import one',
  },
  ...serverFeatures.map((f) => ({
    target: `./apps/server/src/features/${f}`,
    from: './apps/server/src/features/*/*',
    except: [`./apps/server/src/features/${f}`, './apps/server/src/features/*/index.ts'],
    message: "a feature imports another feature only through that feature's index.ts",
  })),
  {
    target: './apps/server/src/features/*/*-routes.ts',
    from: ['./apps/server/src/db', './apps/server/src/features/*/*-repository.ts'],
    message: 'routes call services, never SQL',
  },
  // Fakes stand in for the platforms; benchmarks build their own setup, never on the tests' support code.
  {
    target: './packages/fakes',
    from: ['./apps', './packages/contract', './packages/db-kit'],
    message: 'the fakes spell the platforms themselves: they import no product code',
  },
  { target: './bench', from: './apps/server/test', message: 'benchmarks must not depend on test support' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { shipdesk: layerPlugin },
    rules: {
      'shipdesk/layers': ['error', { zones: layerZones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/domain/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'fastify',
            'fastify-*',
            '@fastify/*',
            'drizzle-orm',
            'drizzle-orm/*',
            'pg',
            '@electric-sql/*',
            '@shipdesk/db-kit',
          ],
        },
      ],
    },
  },
  {
    // Product code never loads a fake; only the tests, and the demo (imported when it is on), may.
    files: ['apps/server/src/**/*.ts', 'apps/sso/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/demo/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@shipdesk/fakes', '**/packages/fakes/**'], message: 'fakes are for tests and the demo' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
