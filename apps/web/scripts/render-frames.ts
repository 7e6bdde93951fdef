// After `vite build` (with its manifest) and the server-side build of src/app/frame/render-frame.tsx (dist-ssr):
// renders the signed-in frame of the first pages and writes each into a copy of dist/index.html, with the frames'
// stylesheet, the names of its rules for the browser's emotion cache, and preloads of the page's code and CSS, so the
// browser paints the frame before any JavaScript and then hydrates it (docs/decisions.md, "The signed-in frame as
// HTML"). Writes dist/frames/<name>.html and dist/frames/frames.json (which path is answered with which file; the
// server reads it), then removes the manifest and dist-ssr.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// The emotion class names must be those of the browser's build (production, unless a debugging build says otherwise).
process.env.NODE_ENV ??= 'production';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

interface FrameModule {
  FRAME_ROUTES: Array<{ name: string; path: string; serves: string[]; module: string }>;
  renderFrame: (
    path: string,
  ) => Promise<{ html: string; styles: Array<{ name: string; rules: string; global: boolean }> }>;
  frameGlobalStyleTag: (name: string) => string;
}

const webRoot = resolve(import.meta.dirname, '..');
const dist = join(webRoot, 'dist');
const ssr = join(webRoot, 'dist-ssr');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A chunk and every chunk it imports statically, with their CSS files. */
function chunkAssets(manifest: Record<string, ManifestChunk>, key: string): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk) throw new Error(`render-frames: the build's manifest has no ${name}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

const { FRAME_ROUTES, renderFrame, frameGlobalStyleTag } = (await import(
  pathToFileURL(join(ssr, 'render-frame.js')).href
)) as FrameModule;
const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const first = chunkAssets(manifest, 'index.html');
// The stylesheets load before the first paint: a font inlined in one (vite.config.ts, `assetsInlineLimit`) would be
// its bytes on every page's way to that paint.
for (const file of first.css) {
  if (/url\(\s*["']?data:font\//.test(readFileSync(join(dist, file), 'utf8')))
    throw new Error(`render-frames: ${file}, loaded before the first paint, inlines a font`);
}
// What src/main.tsx imports before it hydrates a frame (its own `import()`s): fetched with the page's code rather than
// once the entry has run, a round trip later.
const HYDRATING = ['src/app/router.ts', 'src/app/store.ts', 'src/app/frame/hydrate-frame.ts'];
const hydrating = new Set(HYDRATING.flatMap((key) => [...chunkAssets(manifest, key).js]));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
if (!ROOT.test(template)) throw new Error('render-frames: dist/index.html has no #root with its boot message');

/**
 * The template's module script, module preloads and the preloads of what the scripts fetch first (the app's
 * configuration), moved to public/frame-boot.js, which starts them once the frame has been painted: fetched with the
 * HTML, they would share the line with the frame's stylesheets and fonts and delay the first paint.
 */
function deferScripts(html: string, pageModules: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('render-frames: dist/index.html has no module script');
  const preloads: string[] = [];
  const fetches: string[] = [];
  const rest = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/(<!--[^>]*-->\s*)?<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>\s*/g, (...match) => {
      fetches.push(match[2] as string);
      return '';
    });
  if (fetches.length === 0) throw new Error('render-frames: dist/index.html preloads no configuration');
  const all = [...preloads, ...pageModules].join(' ');
  const boot =
    `<script src="/frame-boot.js" data-entry="${entry[1]}" data-preload="${all}" ` +
    `data-fetch="${fetches.join(' ')}" defer></script>`;
  return rest.replace('</head>', `  ${boot}\n  </head>`);
}

// The rules of every frame in one set (they overlap): each frame's stylesheet takes them all (frameStylesheet, below),
// so frames whose pages share their code (the order list's tabs) share one file.
const rendered: Array<{ route: FrameModule['FRAME_ROUTES'][number]; html: string }> = [];
const rules = new Map<string, string>();
const globals = new Set<string>();
for (const route of FRAME_ROUTES) {
  const { html, styles } = await renderFrame(route.path);
  if (!html.trim()) throw new Error(`render-frames: the frame of ${route.path} is empty`);
  rendered.push({ route, html });
  for (const style of styles) {
    if (!rules.has(style.name)) rules.set(style.name, style.rules);
    if (style.global) globals.add(style.name);
  }
  // Every emotion class of the markup must have its rules in the stylesheet, or the frame paints part unstyled.
  for (const [, name] of html.matchAll(/\bcss-([a-z0-9]+)\b/g)) {
    if (!rules.has(name!))
      throw new Error(`render-frames: the frame of ${route.path} uses css-${name}, which it has no rules for`);
  }
}
const css = [...rules.values()].join('');
const names = [...rules.keys()].join(' ');

// The frame's text is in Roboto (regular, medium, bold: body, buttons and tabs, headings; one variable file for its
// Latin letters, src/lib/theme/roboto.css): fetched with the HTML rather than once the stylesheet is applied, so it
// replaces the fallback font before it has been shown for long.
const fonts = readdirSync(join(dist, 'assets')).filter((file) => /^roboto-latin-wght-normal-.+\.woff2$/.test(file));
if (fonts.length !== 1)
  throw new Error(
    `render-frames: expected Roboto's one latin file in dist/assets, found ${fonts.join(', ') || 'none'}`,
  );

mkdirSync(join(dist, 'frames'), { recursive: true });
const served: Record<string, string> = {};
const FIRST_CSS = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;
// In the order the app's HTML links them.
const firstCss = [...template.matchAll(FIRST_CSS)].map((match) => match[1]!);
if (firstCss.length !== first.css.size || firstCss.some((file) => !first.css.has(file)))
  throw new Error('render-frames: dist/index.html does not link the stylesheets its manifest names');

/**
 * The stylesheets a frame paints with (the app's, the frames' rules, its page's), in their order, as one file: on a
 * line that opens six connections to a host, five stylesheets, the font and the boot scripts were more requests than
 * connections, and the last stylesheets waited for one before the first paint. Each of the build's stylesheets in it
 * stays named by a disabled link, which fetches nothing, so that the app does not load a page's stylesheet again when
 * it imports the page (Vite's preload skips a stylesheet the document links).
 */
function frameStylesheet(before: string[], after: string[]): string[] {
  const read = (file: string) => readFileSync(join(dist, file), 'utf8');
  const text = [...before.map(read), css, ...after.map(read)].join('\n');
  const file = `assets/frame-${createHash('sha256').update(text).digest('base64url').slice(0, 10)}.css`;
  writeFileSync(join(dist, file), text);
  return [
    `<link rel="stylesheet" href="/${file}" />`,
    ...[...before, ...after].map((part) => `<link rel="stylesheet" href="/${part}" disabled />`),
  ];
}

for (const { route, html } of rendered) {
  const page = chunkAssets(manifest, route.module);
  const stylesheet = frameStylesheet(
    firstCss,
    [...page.css].filter((file) => !first.css.has(file)),
  );
  const head = [
    `<meta name="shipdesk-frame-styles" content="${escapeAttribute(names)}" />`,
    ...stylesheet,
    // Adopted by emotion's <Global> as it hydrates: their rules are in the stylesheet, so none is inserted again.
    ...[...globals].map((name) => `<style data-emotion="${escapeAttribute(frameGlobalStyleTag(name))}"></style>`),
    ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}" />`),
  ].join('\n    ');
  const pageModules = [...new Set([...hydrating, ...page.js])]
    .filter((file) => !first.js.has(file))
    .map((file) => `/${file}`);
  const pageHtml = deferScripts(template.replace(FIRST_CSS, ''), pageModules)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(ROOT, () => `<div id="root">${html}</div>`);
  writeFileSync(join(dist, 'frames', `${route.name}.html`), pageHtml);
  for (const path of route.serves) served[path] = `${route.name}.html`;
}
writeFileSync(join(dist, 'frames', 'frames.json'), `${JSON.stringify(served, null, 2)}\n`);
// The manifest is for this script only; the server-side build is not shipped.
rmSync(join(dist, '.vite'), { recursive: true, force: true });
rmSync(ssr, { recursive: true, force: true });
console.log(
  `render-frames: ${rendered.length} frames, ${rules.size} rules (${(css.length / 1024).toFixed(1)} kB) in their stylesheets`,
);
