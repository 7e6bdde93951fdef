import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { appTheme } from '@/lib/theme/theme';
import { initialColorMode } from '@/lib/theme/color-mode';

/** Shown when /app-config.json cannot be loaded: without it the app does not know where to sign in. */
export function StartupError() {
  return (
    <ThemeProvider theme={appTheme()} defaultMode={initialColorMode()}>
      <CssBaseline enableColorScheme />
      <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            Shipdesk could not start
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            The server did not answer. Check that it is running, then try again.
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
