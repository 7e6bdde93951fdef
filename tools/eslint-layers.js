// A small ESLint rule that enforces the layer zones of CONVENTIONS.md without any resolver dependency.
// Each zone forbids files under `target` from importing files under `from` (except `except`), and installed packages
// whose name matches one of `packages` (`*` stands for any part of a name, e.g. `@fastify/*`).
// Import specifiers are resolved by hand: relative paths, the web's `@/` alias and the workspace package names.
// All zones are one option list of one rule, so a zone cannot be replaced by another block's zones without every zone
// of the file being replaced (which tools/eslint-rules.test.ts would see).
import { dirname, relative, resolve, sep } from 'node:path';

/** The repository's root folder: zone paths are relative to it. */
export const root = resolve(import.meta.dirname, '..');
const aliases = {
  '@/': 'apps/web/src/',
  '@shipdesk/contract': 'packages/contract/src/index.ts',
  '@shipdesk/db-kit': 'packages/db-kit/src/index.ts',
  '@shipdesk/mail-kit': 'packages/mail-kit/src/index.ts',
  '@shipdesk/fakes': 'packages/fakes/src/index.ts',
};

/** The absolute path an import names (without guessing an extension), or null for an installed package. */
export function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  for (const [prefix, target] of Object.entries(aliases)) {
    if (specifier === prefix || specifier.startsWith(prefix))
      return resolve(root, target + specifier.slice(prefix.length));
  }
  return null; // a package from node_modules: not ours to zone
}

/** The installed package an import names (`pg` for `pg/lib/x`, `@fastify/cors` for `@fastify/cors/y`), or null. */
function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const globToRegExp = (glob, tail = '$') =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}${tail}`,
  );

/** `a/b/*` matches one path segment for `*`; a zone path matches the folder itself and everything under it. */
export function matches(path, pattern) {
  const rel = relative(root, path).split(sep).join('/');
  return globToRegExp(pattern.replace(/^\.\//, ''), '(?:/|$|\\.[a-z]+$)').test(rel);
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
      const installed = target ? null : packageName(specifier);
      for (const zone of zones) {
        const forbidden = target
          ? asList(zone.from ?? []).some((f) => matches(target, f)) &&
            !asList(zone.except ?? []).some((e) => matches(target, e))
          : installed !== null && asList(zone.packages ?? []).some((p) => globToRegExp(p).test(installed));
        if (forbidden) context.report({ node: node.source, message: `"${specifier}": ${zone.message}` });
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
