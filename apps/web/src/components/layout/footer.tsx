import { memo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@shipdesk/contract';
import { useHydrated } from '@/lib/hydration/use-hydrated';

/** 'version 1.6' and the copyright line linking to the provider's site (spec 1). */
export const Footer = memo(function Footer({ providerUrl }: { providerUrl: string }) {
  // The page's HTML is built once, and a year later still sent: the year is the browser's, once hydrated.
  const year = useHydrated() ? new Date().getFullYear() : null;
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: 3,
        py: 1.5,
        // Leave room for the floating 'Report an Issue' button on the right.
        pr: { xs: 3, sm: 24 },
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">version {APP_VERSION}</Typography>
      <Typography variant="body2">
        Copyright ©{year === null ? '' : ` ${year}`}{' '}
        {providerUrl ? (
          <Link href={providerUrl} target="_blank" rel="noopener noreferrer" color="inherit" underline="always">
            Shipdesk
          </Link>
        ) : (
          'Shipdesk'
        )}
        . All rights reserved.
      </Typography>
    </Box>
  );
});
