import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A page whose whole content is one centred message (coming soon, not found). */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        p: 3,
      }}
    >
      {children}
    </Box>
  );
}
