import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface BlankPlaceholderProps {
  /** The setup-guide call failed: offer to try again instead of leaving the page blank for good. */
  failed?: boolean;
  onRetry?: () => void;
}

/** Shown for every signed-in path until the setup-guide call has answered (spec 2.2). */
export function BlankPlaceholder({ failed = false, onRetry }: BlankPlaceholderProps) {
  return (
    <Box
      data-testid="blank-placeholder"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'grid', placeItems: 'center', p: 2 }}
    >
      {failed ? (
        <Box role="alert" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          <Typography variant="body1" sx={{ mb: 1.5 }}>
            Your workspace could not be loaded.
          </Typography>
          {onRetry ? (
            <Button variant="outlined" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
