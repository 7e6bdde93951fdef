import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Vite from 'vite';
import { gzipSync } from 'node:zlib';

/**
 * The floor of the order list's first load: the gzip size of the libraries that ARCHITECTURE.md (React 19, MUI,
 * React Router's data router, Redux Toolkit with RTK Query and redux-persist, react-oidc-context, react-toastify)
 * puts under every signed-in page, built alone with the web app's own Vite into one file, with the smallest page
 * that draws an order list in them: the shell (app bar, side navigation), status tabs, a search field, a table with
 * checkboxes and chips, and a pager. No code of the app itself.
 *
 * Each variant leaves one more part out, to show what each costs. With `--lighthouse N`, each build is also served
 * (gzip, as the product serves) and scored N times by Lighthouse mobile at /orders. Prints a Markdown table.
 *
 *   npm run bench:web-floor -w bench -- --lighthouse 3
 */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const webRoot = join(repoRoot, 'apps/web');
const requireFromWeb = createRequire(join(webRoot, 'package.json'));

const MUI_PAGE = `
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TablePagination from '@mui/material/TablePagination';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
const theme = createTheme({ cssVariables: { colorSchemeSelector: 'data-mui-color-scheme' }, colorSchemes: { light: true, dark: true } });
function Page({ rows }) {
  return (
    <ThemeProvider theme={theme}><CssBaseline />
      <AppBar position="fixed"><Toolbar><Typography variant="h6">Shipdesk</Typography><Button color="inherit">Account</Button></Toolbar></AppBar>
      <Drawer variant="permanent"><List><ListItemButton><ListItemText primary="Orders" /></ListItemButton></List></Drawer>
      <Box component="main">
        <Tabs value={0}><Tab label="Awaiting" /><Tab label="Shipped" /></Tabs>
        <TextField label="Search" size="small" />
        <Table><TableHead><TableRow><TableCell padding="checkbox"><Checkbox /></TableCell><TableCell>Order</TableCell></TableRow></TableHead>
          <TableBody>{rows.map((row) => <TableRow key={row.id}><TableCell padding="checkbox"><Checkbox /></TableCell><TableCell>{row.id}<Chip label={row.status} size="small" /></TableCell></TableRow>)}</TableBody></Table>
        <TablePagination component="div" count={rows.length} page={0} rowsPerPage={10} onPageChange={() => {}} />
      </Box>
    </ThemeProvider>
  );
}
`;

// The least MUI can draw a list with: no app bar or side navigation, a bare input instead of TextField (which brings
// Select, Menu, Popover and Modal with it), no pager.
const LEAN_MUI_PAGE = `
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import OutlinedInput from '@mui/material/OutlinedInput';
import Button from '@mui/material/Button';
const theme = createTheme({ cssVariables: { colorSchemeSelector: 'data-mui-color-scheme' }, colorSchemes: { light: true, dark: true } });
function Page({ rows }) {
  return (
    <ThemeProvider theme={theme}><CssBaseline />
      <main><h1>Orders</h1><Tabs value={0}><Tab label="Awaiting" /><Tab label="Shipped" /></Tabs>
        <OutlinedInput placeholder="Search" size="small" /><Button>Search</Button>
        <Table><TableBody>{rows.map((row) => <TableRow key={row.id}><TableCell padding="checkbox"><Checkbox /></TableCell><TableCell>{row.id}<Chip label={row.status} size="small" /></TableCell></TableRow>)}</TableBody></Table>
      </main>
    </ThemeProvider>
  );
}
`;

const PLAIN_PAGE = `
function Page({ rows }) {
  return <main><h1>Orders</h1><table><tbody>{rows.map((row) => <tr key={row.id}><td>{row.id}</td><td>{row.status}</td></tr>)}</tbody></table></main>;
}
`;

interface Parts {
  /** MUI's shell and list, the least MUI list, or a plain table. */
  mui: 'shell' | 'lean' | false;
  router: boolean;
  redux: boolean;
  oidc: boolean;
  toastify: boolean;
}

function entry(parts: Parts): string {
  const lines = [
    `import { createRoot } from 'react-dom/client';`,
    parts.mui === 'shell' ? MUI_PAGE : parts.mui === 'lean' ? LEAN_MUI_PAGE : PLAIN_PAGE,
  ];
  let tree = `<Page rows={rows} />`;
  const setup = `const rows = Array.from({ length: 10 }, (_, i) => ({ id: 1301 + i, status: 'Awaiting Shipment' }));`;
  if (parts.redux) {
    lines.push(
      `import { configureStore, combineReducers, createSlice } from '@reduxjs/toolkit';`,
      `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';`,
      `import { Provider } from 'react-redux';`,
      `import { persistReducer, persistStore } from 'redux-persist';`,
      `import { PersistGate } from 'redux-persist/integration/react';`,
      `import storage from 'redux-persist/es/storage';`,
      `const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/api/v1' }), endpoints: (b) => ({ orders: b.query({ query: () => 'orders' }) }) });`,
      `const prefs = createSlice({ name: 'prefs', initialState: { dark: false }, reducers: { toggle: (s) => { s.dark = !s.dark; } } });`,
      `const reducer = persistReducer({ key: 'root', storage, whitelist: ['prefs'] }, combineReducers({ prefs: prefs.reducer, [api.reducerPath]: api.reducer }));`,
      `const store = configureStore({ reducer, middleware: (g) => g({ serializableCheck: false }).concat(api.middleware) });`,
      `const persistor = persistStore(store);`,
      // The bench's static server answers the query 404: the page then shows the ten sample rows.
      `function ListPage() { const { data } = api.useOrdersQuery(); return <Page rows={data ?? rows} />; }`,
    );
    tree = `<ListPage />`;
  }
  if (parts.router) {
    lines.push(
      `import { createBrowserRouter, Outlet } from 'react-router';`,
      `import { RouterProvider } from 'react-router/dom';`,
      `const router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ path: 'orders', element: ${tree} }] }]);`,
    );
    tree = `<RouterProvider router={router} />`;
  }
  if (parts.oidc) {
    lines.push(
      `import { UserManager, WebStorageStateStore } from 'oidc-client-ts';`,
      `import { AuthProvider } from 'react-oidc-context';`,
      `const userManager = new UserManager({ authority: location.origin, client_id: 'web', redirect_uri: location.origin, userStore: new WebStorageStateStore({ store: localStorage }) });`,
    );
    tree = `<AuthProvider userManager={userManager}>${tree}</AuthProvider>`;
  }
  if (parts.redux) tree = `<Provider store={store}><PersistGate persistor={persistor}>${tree}</PersistGate></Provider>`;
  if (parts.toastify) {
    lines.push(`import { ToastContainer } from 'react-toastify';`);
    tree = `<>${tree}<ToastContainer /></>`;
  }
  lines.push(setup, `createRoot(document.getElementById('root')).render(${tree});`);
  return lines.join('\n');
}

/** Builds `parts` into a new folder (the caller removes it); returns the folder and its JavaScript's gzip size. */
async function buildFloor(parts: Parts): Promise<{ out: string; gzip: number }> {
  const { build } = (await import(pathToFileURL(requireFromWeb.resolve('vite')).href)) as typeof Vite;
  const react = (await import(pathToFileURL(requireFromWeb.resolve('@vitejs/plugin-react')).href)).default;
  // Under the repository's node_modules (ignored by git, the linters and a crash), so that the entry resolves the
  // packages the web app installed.
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const source = mkdtempSync(join(cache, 'shipdesk-floor-'));
  const out = mkdtempSync(join(tmpdir(), 'shipdesk-floor-'));
  try {
    writeFileSync(
      join(source, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>Orders</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    );
    writeFileSync(join(source, 'main.jsx'), entry(parts));
    await build({
      root: source,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir: out, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
  let gzip = 0;
  for (const name of readdirSync(join(out, 'assets'))) {
    if (name.endsWith('.js')) gzip += gzipSync(readFileSync(join(out, 'assets', name)), { level: 9 }).length;
  }
  return { out, gzip };
}

/** Serves a build gzip-compressed, every path but /assets/ answered with index.html (as the product does). */
function serve(dir: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const path = req.url?.startsWith('/assets/') ? join(dir, req.url.split('?')[0]!) : join(dir, 'index.html');
    if (!existsSync(path)) return void res.writeHead(404).end();
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
    res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(gzipSync(readFileSync(path)));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Lighthouse mobile (its default: slow 4G, CPU slowed 4x) on `url`: score, blocking time, LCP, benchmark index. */
async function lighthouseMobile(url: string, runs: number): Promise<string[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('playwright-core');
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'shipdesk-floor-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const rows: string[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))
        ?.lhr;
      if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      rows.push(
        `${Math.round((lhr.categories.performance?.score ?? 0) * 100)} (blocking ${ms('total-blocking-time')} ms, ` +
          `LCP ${ms('largest-contentful-paint')} ms, CPU index ${lhr.environment.benchmarkIndex})`,
      );
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

const { values: args } = parseArgs({ options: { lighthouse: { type: 'string', default: '0' } } });
const lighthouseRuns = Number(args.lighthouse);
const ALL: Parts = { mui: 'shell', router: true, redux: true, oidc: true, toastify: true };
const variants: [string, Parts][] = [
  ['the whole stack', ALL],
  ['without the sign-in client (loaded after the page)', { ...ALL, oidc: false }],
  ['without react-toastify', { ...ALL, oidc: false, toastify: false }],
  ['and the least MUI list (no shell, no pager, a bare input)', { ...ALL, oidc: false, toastify: false, mui: 'lean' }],
  ['without MUI (a plain table)', { ...ALL, oidc: false, toastify: false, mui: false }],
  ['React DOM alone', { mui: false, router: false, redux: false, oidc: false, toastify: false }],
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(
  `| libraries of the order list, no app code | JS, kB gzip |${lighthouseRuns ? ' Lighthouse mobile |' : ''}`,
);
console.log(`| --- | --- |${lighthouseRuns ? ' --- |' : ''}`);
for (const [name, parts] of variants) {
  const { out, gzip } = await buildFloor(parts);
  try {
    let scores = '';
    if (lighthouseRuns > 0) {
      const server = await serve(out);
      const address = server.address() as AddressInfo;
      scores = ` ${(await lighthouseMobile(`http://127.0.0.1:${address.port}/orders`, lighthouseRuns)).join('; ')} |`;
      server.close();
    }
    console.log(`| ${name} | ${kb(gzip)} |${scores}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
