import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Spinner } from '@/components/progress/progress';
import { reloadedForNewBuildRecently, reloadForNewBuild } from '@/lib/new-build';

/** A stale tab asking for a chunk that a new deployment replaced: a reload fetches the new one. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/** The route errorElement (spec 2.2, 8): 'Unexpected Application Error!' with a way out. */
export function RouteError() {
  const error = useRouteError();
  // A page's chunk replaced by a deployment: this page (its address is already the one asked for) reloads once.
  const newBuild = isChunkLoadError(error) && !reloadedForNewBuildRecently();

  useEffect(() => {
    if (newBuild) {
      reloadForNewBuild();
      return;
    }
    console.error('Route failed to render', error);
  }, [error, newBuild]);

  if (newBuild) {
    return (
      <Box role="status" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', gap: 2, p: 3 }}>
        <Spinner label="Loading the new version of Shipdesk" />
      </Box>
    );
  }

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'A newer version of Shipdesk is available.'
      : null;

  return (
    <Box
      role="alert"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Typography variant="h4" component="h1">
        Unexpected Application Error!
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', maxWidth: 520 }}>
        Something went wrong while showing this page. Reloading usually fixes it; your data is safe.
        {detail ? ` (${detail})` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button variant="outlined" href="/orders">
          Go to orders
        </Button>
      </Box>
    </Box>
  );
}
