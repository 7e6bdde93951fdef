import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CacheProvider, css, Global } from '@emotion/react';
import Box from '@mui/material/Box';
import { createBrowserEmotionCache, FRAME_STYLES_META, frameGlobalStyleTag } from './emotion-cache';

const GLOBAL = { '.frame-global': { color: 'rgb(4, 5, 6)' } };

describe("the browser's emotion cache on a page the build rendered", () => {
  it('knows the rules of the frame stylesheet by name and inserts none of them again', () => {
    const first = createBrowserEmotionCache();
    render(
      <CacheProvider value={first}>
        <Box sx={{ color: 'rgb(1, 2, 3)' }}>frame</Box>
      </CacheProvider>,
    );
    const name = Object.keys(first.inserted).find((key) => first.inserted[key] === true);
    expect(name).toBeDefined();

    const meta = document.createElement('meta');
    meta.name = FRAME_STYLES_META;
    meta.content = `${name} other`;
    document.head.append(meta);
    try {
      const cache = createBrowserEmotionCache();
      expect(cache.inserted[name!]).toBe(true);
      const before = document.querySelectorAll('style[data-emotion]').length;
      render(
        <CacheProvider value={cache}>
          <Box sx={{ color: 'rgb(1, 2, 3)' }}>frame</Box>
        </CacheProvider>,
      );
      expect(document.querySelectorAll('style[data-emotion]').length).toBe(before);
    } finally {
      meta.remove();
    }
  });
});

describe("a frame's global styles", () => {
  it('are adopted by the browser from the empty tag the HTML carries for each, not inserted again', () => {
    const name = css(GLOBAL).name;
    const tag = document.createElement('style');
    tag.setAttribute('data-emotion', frameGlobalStyleTag(name));
    document.head.append(tag);
    const sheets = () => [...document.querySelectorAll('style')].map((node) => node.textContent ?? '').join('');
    try {
      render(
        <CacheProvider value={createBrowserEmotionCache()}>
          <Global styles={GLOBAL} />
        </CacheProvider>,
      );
      expect(tag.isConnected).toBe(true);
      expect(sheets()).not.toContain('.frame-global');
    } finally {
      tag.remove();
    }
    // Without the tag, the rules are inserted.
    render(
      <CacheProvider value={createBrowserEmotionCache()}>
        <Global styles={GLOBAL} />
      </CacheProvider>,
    );
    expect(sheets()).toContain('.frame-global');
  });
});
