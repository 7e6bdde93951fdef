import createCache, { type EmotionCache } from '@emotion/cache';

/** Emotion's class prefix, the same in the build's render and in the browser (`css-<hash>`). */
const CACHE_KEY = 'css';

/**
 * The `<meta>` of a page the build rendered (docs/decisions.md, "The signed-in frame as HTML"): the names of the
 * emotion rules its stylesheet already holds, space-separated.
 */
export const FRAME_STYLES_META = 'shipdesk-frame-styles';

/**
 * The browser's emotion cache. On a page the build rendered, the frame's rules arrive in a stylesheet; the cache is
 * told their names, so hydrating inserts none of them again (a second copy of each would cost a full style
 * recalculation) and only rules the frame does not have are added.
 */
export function createBrowserEmotionCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: CACHE_KEY });
  const names = doc.querySelector(`meta[name="${FRAME_STYLES_META}"]`)?.getAttribute('content') ?? '';
  for (const name of names.split(' ')) if (name) cache.inserted[name] = true;
  return cache;
}

/**
 * The `data-emotion` value of an empty `<style>` the frame's HTML carries for each of its global styles (MUI's
 * CssBaseline and theme variables, the app's GlobalStyles): emotion's `<Global>` adopts a tag of that name instead of
 * inserting its rules again, which the frame stylesheet already holds.
 */
export const frameGlobalStyleTag = (name: string) => `${CACHE_KEY}-global ${name}`;

/** The names of the global styles a frame cache inserted (`<Global>` inserts with no selector; keyframes too). */
const globalNames = new WeakMap<EmotionCache, Set<string>>();

/**
 * The build's emotion cache for rendering a frame: `compat` keeps the rules in `inserted` (by name, in the order they
 * were first used) instead of writing `<style>` tags into the HTML, so they can go to one stylesheet.
 */
export function createFrameEmotionCache(): EmotionCache {
  const cache = createCache({ key: CACHE_KEY });
  cache.compat = true;
  const globals = new Set<string>();
  globalNames.set(cache, globals);
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '' && !serialized.name.startsWith('animation-')) globals.add(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return cache;
}

/**
 * The rules a render with a `createFrameEmotionCache` cache used, by name, in the order they were first used, and
 * whether each is a global style's.
 */
export function frameStyles(cache: EmotionCache): Array<{ name: string; rules: string; global: boolean }> {
  const globals = globalNames.get(cache);
  return Object.entries(cache.inserted).flatMap(([name, rules]) =>
    typeof rules === 'string' ? [{ name, rules, global: globals?.has(name) ?? false }] : [],
  );
}
