import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Spinner } from '@/components/progress/progress';

/** 'Loading...' while a page's code or the session loads (spec 2.2). */
export function LoadingFallback({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        minHeight: fullScreen ? '100vh' : 240,
        width: '100%',
        bgcolor: fullScreen ? 'background.default' : undefined,
        color: 'text.secondary',
      }}
    >
      <Spinner size={20} color="inherit" />
      <Typography variant="body1">Loading...</Typography>
    </Box>
  );
}
