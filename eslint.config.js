// One lint setup for the whole repository. The layer rules of CONVENTIONS.md are enforced with
// a small local rule (tools/eslint-layers.js): each zone forbids files under `target` from importing files under
// `from` (or the installed `packages`). tools/eslint-rules.test.ts lints a violation of every zone and every restricted
// import below and fails when one passes unreported (for instance because a later block replaced the rule's options).
// Import cycles are found by tools/import-cycles.test.ts, over the whole graph at once.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layerPlugin from './tools/eslint-layers.js';
import globals from 'globals';

// Relative to this file, not to where ESLint was started.
const foldersIn = (path) => {
  const dir = join(import.meta.dirname, path);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
};
const webFeatures = foldersIn('apps/web/src/features');
const serverFeatures = foldersIn('apps/server/src/features');

/** What pure code (the server's domain, the contract) never loads: the web framework, the database, the mailer. */
const IMPURE_PACKAGES = ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'pg', '@electric-sql/*', 'nodemailer'];

/**
 * Server files the benchmarks may import besides features' index.ts: the app and its options' types, the caller
 * type every use case takes, the database's shape, and what a benchmark measures on its own (the local carrier's
 * drawing, the metrics and request-logging plugins, the Shopify adapter's query sizes it mirrors).
 */
const BENCH_ENTRY_POINTS = [
  './apps/server/src/app.ts',
  './apps/server/src/config.ts',
  './apps/server/src/db/client.ts',
  './apps/server/src/db/schema/index.ts',
  './apps/server/src/features/*/index.ts',
  './apps/server/src/plugins/auth.ts',
  './apps/server/src/integrations/channels/channel-registry.ts',
  './apps/server/src/integrations/carriers/carrier-registry.ts',
  './apps/server/src/integrations/carriers/carrier-types.ts',
  './apps/server/src/integrations/carriers/local/local-adapter.ts',
  './apps/server/src/integrations/channels/shopify/shopify-adapter.ts',
  './apps/server/src/integrations/channels/shopify/shopify-client.ts',
  './apps/server/src/integrations/channels/shopify/shopify-queries.ts',
  './apps/server/src/plugins/metrics.ts',
  './apps/server/src/plugins/request-logging.ts',
  './apps/server/src/lib/logging.ts',
  './apps/server/src/lib/request-context.ts',
];

/**
 * A feature's pure rules, moved out of domain/ when they served that feature alone: the domain's ban on Fastify, Drizzle,
 * the database, plugins and integrations still holds for them.
 */
const FEATURE_PURE_RULES = [
  './apps/server/src/features/orders/order-address-fields.ts',
  './apps/server/src/features/orders/order-lifecycle-rules.ts',
  './apps/server/src/features/orders/order-list-query.ts',
  './apps/server/src/features/orders/order-shipment-status.ts',
  './apps/server/src/features/settings/config-entries.ts',
  './apps/server/src/features/setup-guide/setup-guide-steps.ts',
  './apps/server/src/features/stores/channel-orders.ts',
];

const layerZones = [
  // Parts: contract <- server, web, sso, e2e; db-kit, mail-kit <- server, sso. web and server never import each other.
  {
    target: './packages/contract',
    from: ['./apps', './e2e', './bench', './packages/db-kit', './packages/mail-kit'],
    packages: IMPURE_PACKAGES,
    message: 'contract has no dependencies',
  },
  { target: './packages/db-kit', from: ['./apps', './e2e', './bench'], message: 'db-kit has no app dependencies' },
  {
    target: './packages/mail-kit',
    from: ['./apps', './e2e', './bench', './packages/contract', './packages/db-kit', './packages/fakes'],
    message: 'mail-kit has no app or package dependencies',
  },
  { target: './apps/web', from: ['./apps/server', './apps/sso'], message: 'web talks to the server over HTTP only' },
  { target: './apps/server', from: ['./apps/web', './apps/sso'], message: 'server talks to the SSO over HTTP only' },
  { target: './apps/sso', from: ['./apps/web', './apps/server'], message: 'sso is a separate service' },
  // Web: shared code -> entities -> features -> app.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/entities', './apps/web/src/features', './apps/web/src/app'],
    message: 'shared code must not depend on entities, features or the app',
  },
  {
    target: './apps/web/src/entities',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'entities are what features share: they import no feature and not the app',
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
    from: [
      './apps/server/src/features',
      './apps/server/src/plugins',
      './apps/server/src/db',
      './apps/server/src/integrations',
      './packages/db-kit',
      './packages/mail-kit',
    ],
    packages: IMPURE_PACKAGES,
    message: 'domain is pure: no Fastify, no Drizzle, no integration',
  },
  {
    target: FEATURE_PURE_RULES,
    from: [
      './apps/server/src/plugins',
      './apps/server/src/db',
      './apps/server/src/integrations',
      './apps/server/src/features/*/*-service.ts',
      './apps/server/src/features/*/*-repository.ts',
      './apps/server/src/features/*/*-tables.ts',
      './packages/db-kit',
      './packages/mail-kit',
    ],
    packages: IMPURE_PACKAGES,
    message: "a feature's pure rules stay pure: no Fastify, no Drizzle, no tables, no service, no integration",
  },
  {
    target: ['./apps/server/src/plugins', './apps/server/src/lib', './apps/server/src/integrations'],
    from: './apps/server/src/features',
    message: 'plugins, lib and integrations are below the features: they must not import one',
  },
  // A feature's tables are its own file, but all tables are one schema (db/schema/index.ts re-exports them): a foreign
  // key may name another feature's table file (labels' to orders'), which index.ts could not give without a cycle.
  ...serverFeatures.map((f) => ({
    target: `./apps/server/src/features/${f}`,
    from: './apps/server/src/features/*/*',
    except: [
      `./apps/server/src/features/${f}`,
      './apps/server/src/features/*/index.ts',
      './apps/server/src/features/*/*-tables.ts',
    ],
    message: "a feature imports another feature only through that feature's index.ts",
  })),
  {
    target: './apps/server/src/features/*/*-routes.ts',
    from: [
      './apps/server/src/db',
      './apps/server/src/features/*/*-repository.ts',
      './apps/server/src/features/*/*-tables.ts',
    ],
    message: 'routes call services, never SQL',
  },
  // Fakes stand in for the platforms; benchmarks build their own setup, never on the tests' support code.
  {
    target: './packages/fakes',
    from: ['./apps', './packages/contract', './packages/db-kit', './packages/mail-kit'],
    message: 'the fakes spell the platforms themselves: they import no product code',
  },
  { target: './bench', from: './apps/server/test', message: 'benchmarks must not depend on test support' },
  {
    target: './bench',
    from: './apps/server/src',
    except: BENCH_ENTRY_POINTS,
    message: "benchmarks reach the server through app.ts, config.ts, db/client.ts and features' index.ts",
  },
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
    // A product file says one thing; past 400 lines it says several. A function or component says one thing too; past
    // 150 lines it is several use cases or several route handlers in one. The fakes are held too: the demo runs them
    // inside the server. Tests, e2e and benchmarks are not: a suite grows with its cases, and bench/src/generate.ts is
    // one long data generator.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'packages/contract/src/**/*.ts',
      'packages/db-kit/src/**/*.ts',
      'packages/fakes/src/**/*.ts',
      'packages/mail-kit/src/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
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
