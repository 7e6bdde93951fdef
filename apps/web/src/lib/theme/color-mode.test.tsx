import { render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameHydration } from '@/lib/hydration/frame-hydration';
import { readItem, STORAGE_KEYS } from '@/lib/storage/local-storage';
import { useColorMode } from './color-mode.ts';
import { appTheme } from './theme.ts';

function Probe({ renders }: { renders: string[] }) {
  const { mode, isDark } = useColorMode();
  renders.push(`${mode}/${isDark ? 'dark' : 'light'}`);
  return <p>{`${mode}/${isDark ? 'dark' : 'light'}`}</p>;
}

describe('useColorMode while the page hydrates', () => {
  afterEach(() => localStorage.clear());

  it('answers what the HTML drew until hydrated, then the stored mode, and never stores light meanwhile', async () => {
    const renders: string[] = [];
    render(
      <ThemeProvider theme={appTheme()} defaultMode="dark" noSsr>
        <FrameHydration hydrating>
          <Probe renders={renders} />
        </FrameHydration>
      </ThemeProvider>,
    );
    expect(renders[0]).toBe('system/light');
    expect(await screen.findByText('dark/dark')).toBeInTheDocument();
    await waitFor(() => expect(readItem(STORAGE_KEYS.darkMode)).toBe('true'));
    expect(renders).not.toContain('dark/light');
  });
});
