// A small ESLint rule that enforces the layer zones of CONVENTIONS.md without any resolver dependency.
// Each zone forbids files under `target` from importing files under `from` (except `except`).
// Import specifiers are resolved by hand: relative paths, the web's `@/` alias and the workspace package names.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const aliases = {
  '@/': 'apps/web/src/',
  '@shipdesk/contract': 'packages/contract/src/index.ts',
  '@shipdesk/db-kit': 'packages/db-kit/src/index.ts',
  '@shipdesk/fakes': 'packages/fakes/src/index.ts',
};

function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  for (const [prefix, target] of Object.entries(aliases)) {
    if (specifier === prefix || specifier.startsWith(prefix))
      return resolve(root, target + specifier.slice(prefix.length));
  }
  return null; // a package from node_modules: not ours to zone
}

/** `a/b/*` matches one path segment for `*`; a zone path matches the folder itself and everything under it. */
function matches(path, pattern) {
  const rel = relative(root, path).split(sep).join('/');
  const source = pattern
    .replace(/^\.\//, '')
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}(?:/|$|\\.[a-z]+$)`).test(rel);
}

const asList = (value) => (Array.isArray(value) ? value : [value]);

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross the layer zones of CONVENTIONS.md' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((z) => asList(z.target).some((t) => matches(file, t)));
    if (zones.length === 0) return {};
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (!target) return;
      for (const zone of zones) {
        if (!asList(zone.from).some((f) => matches(target, f))) continue;
        if (zone.except && asList(zone.except).some((e) => matches(target, e))) continue;
        context.report({ node: node.source, message: `"${specifier}": ${zone.message}` });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers } };
