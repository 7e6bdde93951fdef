import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** /reports and /imports (spec 2.2): their purpose is not defined yet, so they say so. */
export function ComingSoonPage() {
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
      }}
    >
      <HourglassEmptyOutlined aria-hidden sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1">
        Coming Soon...
      </Typography>
      <Typography color="text.secondary">This part of Shipdesk is not available yet.</Typography>
    </Box>
  );
}
