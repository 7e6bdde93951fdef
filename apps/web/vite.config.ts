import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { staticImports } from './scripts/static-imports.ts';

// The API server (apps/server) serves the API, socket.io and /app-config.json on port 3000.
const apiTarget = process.env.SHIPDESK_API_URL ?? 'http://localhost:3000';

// Not the sign-in library (oidc-client-ts, react-oidc-context), loaded after the first paint (app/oidc-bridge.tsx), nor
// react-toastify, loaded with the first toast or once the page's data has come (lib/toast/toast.ts).
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|react-redux|use-sync-external-store|redux-persist|clsx)[\\/]/;
const MUI_CORE =
  /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion[\\/][^\\/]+|stylis|react-is|prop-types|@babel[\\/]runtime|react-transition-group)[\\/]/;

const MUI_COMPONENTS = /[\\/]node_modules[\\/]@mui[\\/](material|icons-material)[\\/]/;
const SOURCE = fileURLToPath(new URL('./src', import.meta.url));
// What the shell and the order list (the page most often opened first) import statically, and the dashboard.
const FIRST = staticImports(['main.tsx', 'app/providers.tsx', 'app/routes/orders/orders-list-route.tsx'], SOURCE);
const DASHBOARD = staticImports(['features/dashboard/dashboard-page.tsx'], SOURCE);
const ORDER_VIEW = staticImports(['app/routes/orders/order-view-route.tsx'], SOURCE);
// What the order list draws once its data says so: a label batch's banner above the rows (most loads have none).
const LIST_DATA = staticImports(['features/labels/components/label-batch-banner-alert.tsx'], SOURCE);
const muiNames = (names: Set<string>) =>
  new Set([...names].filter((name) => /^@mui\/(material|icons-material)\/[^/]+$/.test(name)));
// MUI's components and icons the first page draws: one chunk; those the list's label batch banner adds (its progress
// bar and close icon): a second, so that the banner does not bring the MUI of every other page; those the dashboard
// adds: a third; those the order view adds: a fourth; those that only other pages, or the controls loaded on first
// use, import: a fifth (mui-more, which imports the dashboard's and the order view's).
const FIRST_MUI = muiNames(FIRST.packages);
const LIST_DATA_MUI = new Set([...muiNames(LIST_DATA.packages)].filter((name) => !FIRST_MUI.has(name)));
const DASHBOARD_MUI = new Set(
  [...muiNames(DASHBOARD.packages)].filter((name) => !FIRST_MUI.has(name) && !LIST_DATA_MUI.has(name)),
);
const ORDER_VIEW_MUI = new Set(
  [...muiNames(ORDER_VIEW.packages)].filter(
    (name) => !FIRST_MUI.has(name) && !LIST_DATA_MUI.has(name) && !DASHBOARD_MUI.has(name),
  ),
);
if (FIRST_MUI.size === 0) throw new Error('vite.config: found no MUI import in the first pages; is the path right?');
/**
 * `@mui/material/Button` for a file of that component (`.../@mui/material/Button/Button.mjs`), else null. Popper.js
 * goes with MUI's Popper, the only component that imports it.
 */
function muiComponentOf(id: string): string | null {
  if (/[\\/]node_modules[\\/]@popperjs[\\/]core[\\/]/.test(id)) return '@mui/material/Popper';
  const match = /[\\/]node_modules[\\/](@mui[\\/](?:material|icons-material))[\\/]([^\\/.]+)/.exec(id);
  return match ? `${match[1]!.replace(/\\/g, '/')}/${match[2]}` : null;
}
// The app's own code that two or more pages use (and what it imports): a few files (what the first page imports, what
// the order view adds, the rest), not dozens of small ones. Not the
// printing client, the forms (and React Hook Form with them) or the entities' widgets (the connection dialog, the
// carrier service picker), nor the archived lists' switch (MUI's Switch, which the first pages do not draw): the order
// list, the page most often loaded first, uses none of them, and the pages that do load them with their own chunks.
const SHARED = /[\\/](apps[\\/]web[\\/]src[\\/](lib|components|config|entities|hooks)|packages[\\/]contract)[\\/]/;
const NOT_SHARED =
  /[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/](printing|validation|forms)|components[\\/](printing|show-archived-switch|archived-list)|entities[\\/](connections[\\/]|[^\\/]+[\\/][^\\/]+\.tsx$))/;
const isShared = (id: string) => SHARED.test(id) && !NOT_SHARED.test(id);
// The app's and the contract's files the first page imports.
const isFirstShared = (id: string) => isShared(id) && FIRST.files.has(id);

/**
 * The providers (store, router, sign-in) are imported once /app-config.json has arrived, as they read it when they
 * load: the browser fetches them with the framework instead (modulepreload fetches and parses, it does not run).
 */
function preloadProviders(): Plugin {
  return {
    name: 'shipdesk-preload-providers',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/app/providers.tsx'),
        );
        if (!chunk) throw new Error('The build has no chunk of src/app/providers.tsx to preload');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const TYPEBOX = /[\\/]node_modules[\\/]typebox[\\/]/;

/**
 * The web app validates with its own rules and never runs TypeBox: the contract's schemas are built in the browser
 * only when the bundler cannot prove building them harmless (a spread, a read of another schema's `.properties` or of
 * a constant's field), and then they bring TypeBox (about 20 kB gzip) to every page. Fails the build when that
 * happens, naming the chunks, so that the schema is wrapped in `schema()` (packages/contract/src/schema-kit.ts).
 */
function noTypeBoxInBrowser(): Plugin {
  return {
    name: 'shipdesk-no-typebox',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file) => file.type === 'chunk' && file.moduleIds.some((id) => TYPEBOX.test(id)),
      );
      if (chunks.length === 0) return;
      const names = chunks.map((chunk) => chunk.name).join(', ');
      this.error(
        `TypeBox is in the web bundle (chunks: ${names}): a contract schema that reads another schema's properties or ` +
          "a constant's field is built at load; wrap it in schema() from packages/contract/src/schema-kit.ts.",
      );
    },
  };
}

/** The order list's page, and what it draws once its data has come: each loads MUI of the first page only. */
const LIGHT_LIST = [
  '/src/app/routes/orders/orders-list-route.tsx',
  '/src/features/labels/components/label-batch-banner-alert.tsx',
];
/** The chunks of MUI that other pages and the controls loaded on first use bring (the codeSplitting groups below). */
const OTHER_PAGES_MUI = new Set(['mui-more', 'mui-dashboard', 'mui-view']);

/**
 * Fails the build when the order list, or the label batch banner it draws above its rows, would load the MUI of other
 * pages (78 kB gzip once, when the banner's progress bar and close icon fell into mui-more): a component they add
 * belongs in the first page's imports or in the list's own group (LIST_DATA).
 */
function listStaysLight(): Plugin {
  return {
    name: 'shipdesk-list-stays-light',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      for (const entry of LIGHT_LIST) {
        const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(entry));
        if (!start) this.error(`The build has no chunk of ${entry}`);
        const seen = new Set<string>();
        const queue = [start.fileName];
        for (let name = queue.shift(); name; name = queue.shift()) {
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = chunks.get(name);
          if (!chunk) continue;
          if (OTHER_PAGES_MUI.has(chunk.name)) {
            this.error(`${entry} loads ${chunk.name}, the MUI of other pages: group what it adds with the list's own`);
          }
          queue.push(...chunk.imports);
        }
      }
    },
  };
}

/**
 * Minifies the classic scripts of public/ as the build copies them (the stored colour scheme, the frame's boot file,
 * the sign-in's silent renew): the first two load with every page's HTML, and their comments were half their bytes.
 */
function minifyPublicScripts(): Plugin {
  const publicDir = fileURLToPath(new URL('./public', import.meta.url));
  return {
    name: 'shipdesk-minify-public-scripts',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      for (const name of readdirSync(publicDir).filter((file) => file.endsWith('.js'))) {
        const copy = join(options.dir, name);
        // The server-side build copies no public file.
        if (!existsSync(copy)) continue;
        const result = minifySync(name, readFileSync(join(publicDir, name), 'utf8'), { compress: true, mangle: true });
        if (result.errors.length > 0) this.error(`public/${name}: ${result.errors.map((e) => e.message).join('; ')}`);
        writeFileSync(copy, result.code);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadProviders(), noTypeBoxInBrowser(), listStaysLight(), minifyPublicScripts()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/call': { target: apiTarget, changeOrigin: true },
      '/app-config.json': { target: apiTarget, changeOrigin: true },
      '/docs': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  // The build's render of the signed-in frame (src/app/frame/render-frame.tsx) runs in Node: redux-persist's ES
  // modules are not marked as such, so they are bundled rather than imported.
  ssr: { noExternal: ['redux-persist'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No font inlined in the stylesheet: Roboto's Greek Extended files (under the 4 kB limit) made it 20 kB of base64,
    // loaded before the first paint on every page for letters that pages rarely show. A font file is fetched only
    // when a page shows its letters.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    // For scripts/render-frames.ts (which page chunks and CSS a frame preloads); it deletes the manifest after.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['Type', 'literalUnion', 'Nullable'],
        // TypeBox declares no `sideEffects`; its modules have none that matter when none of their exports is used.
        moduleSideEffects: [{ test: TYPEBOX, sideEffects: false }],
      },
      output: {
        // A few chunks instead of dozens of small ones (a slow line pays a round trip per chunk, and larger files
        // compress better): the framework, MUI's styling engine, MUI's components (those of the first pages, then the
        // rest), and the app's code that two or more pages share. A page may get code only other pages use: fewer
        // round trips won on the slow line (docs/PERFORMANCE.md, "Web").
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'mui-core', test: MUI_CORE, priority: 1 },
            { name: 'mui', test: (id) => FIRST_MUI.has(muiComponentOf(id) ?? ''), priority: 1 },
            { name: 'mui-list-data', test: (id) => LIST_DATA_MUI.has(muiComponentOf(id) ?? '') },
            { name: 'mui-dashboard', test: (id) => DASHBOARD_MUI.has(muiComponentOf(id) ?? '') },
            { name: 'mui-view', test: (id) => ORDER_VIEW_MUI.has(muiComponentOf(id) ?? '') },
            { name: 'mui-more', test: (id) => MUI_COMPONENTS.test(id) || muiComponentOf(id) !== null },
            // react-toastify, loaded with the first toast (its own file is named after its folder, `dist`, otherwise).
            { name: 'toasts', test: /[\\/]node_modules[\\/]react-toastify[\\/]/ },
            // The shared code the first pages import, then the rest: the first must not import the second's MUI.
            { name: 'shared', test: isFirstShared, minShareCount: 2 },
            { name: 'shared-view', test: (id) => isShared(id) && ORDER_VIEW.files.has(id), minShareCount: 2 },
            { name: 'shared-more', test: isShared, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
