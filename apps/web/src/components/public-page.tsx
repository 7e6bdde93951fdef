import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { BrandLogo } from './brand-logo';

interface PublicPageProps {
  children: ReactNode;
  /** Card width cap in px. */
  maxWidth?: number;
}

/**
 * The frame of the public pages (spec 2.1: no sidebar, no header): a centred card under the
 * Shipdesk logo on the theme background, so it reads the same in light and dark mode.
 */
export function PublicPage({ children, maxWidth = 520 }: PublicPageProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: { xs: 4, sm: 6 },
        bgcolor: 'background.default',
      }}
    >
      <BrandLogo size={40} />
      <Paper elevation={0} variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 }, borderRadius: 2 }}>
        {children}
      </Paper>
    </Box>
  );
}
