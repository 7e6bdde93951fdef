import Box from '@mui/material/Box';

// As MUI's determinate CircularProgress draws it (size 24, thickness 5), without its code in the first load.
const VIEW = 44;
const THICKNESS = 5;
const RADIUS = (VIEW - THICKNESS) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to `percent` over a grey track: a picture of progress, hidden from assistive technology. */
export function ProgressRing({ percent }: { percent: number }) {
  const done = Math.min(100, Math.max(0, percent));
  const circle = (offset: number) => (
    <circle
      cx={VIEW}
      cy={VIEW}
      r={RADIUS}
      fill="none"
      stroke="currentColor"
      strokeWidth={THICKNESS}
      strokeDasharray={CIRCUMFERENCE.toFixed(3)}
      strokeDashoffset={`${offset.toFixed(3)}px`}
    />
  );
  return (
    <Box aria-hidden sx={{ position: 'relative', width: 24, height: 24 }}>
      <Box
        component="svg"
        viewBox={`${VIEW / 2} ${VIEW / 2} ${VIEW} ${VIEW}`}
        sx={{ position: 'absolute', inset: 0, width: 24, height: 24, color: 'action.disabledBackground' }}
      >
        {circle(0)}
      </Box>
      <Box
        component="svg"
        viewBox={`${VIEW / 2} ${VIEW / 2} ${VIEW} ${VIEW}`}
        sx={{
          position: 'absolute',
          inset: 0,
          width: 24,
          height: 24,
          color: 'secondary.main',
          transform: 'rotate(-90deg)',
          '& circle': { transition: 'stroke-dashoffset 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms' },
        }}
      >
        {circle(((100 - done) / 100) * CIRCUMFERENCE)}
      </Box>
    </Box>
  );
}
