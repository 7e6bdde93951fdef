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
 * The build's emotion cache for rendering a frame: `compat` keeps the rules in `inserted` (by name, in the order they
 * were first used) instead of writing `<style>` tags into the HTML, so they can go to one stylesheet.
 */
export function createFrameEmotionCache(): EmotionCache {
  const cache = createCache({ key: CACHE_KEY });
  cache.compat = true;
  return cache;
}

/** The rules a render with a `createFrameEmotionCache` cache used, by name, in the order they were first used. */
export function frameStyles(cache: EmotionCache): Array<{ name: string; rules: string }> {
  return Object.entries(cache.inserted).flatMap(([name, rules]) =>
    typeof rules === 'string' ? [{ name, rules }] : [],
  );
}
