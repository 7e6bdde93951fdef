import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { createBrowserEmotionCache, FRAME_STYLES_META } from './emotion-cache';

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
