import LinearProgress from '@mui/material/LinearProgress';

/** The thin progress bar at the very top while the global loader flag is on or a page loads (spec 2.3). */
export function GlobalLoader({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <LinearProgress
      aria-label="Loading"
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
