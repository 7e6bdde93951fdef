import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shipdesk/contract';

interface PeriodFilterProps {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}

/** The 'Filter By' toggle of spec 2.4: one period is always chosen. */
export function PeriodFilter({ period, onChange }: PeriodFilterProps) {
  const choose = (_event: unknown, next: DashboardPeriod | null) => {
    // An exclusive group reports null when the active button is clicked again: keep the period.
    if (next && next !== period) onChange(next);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Typography id="dashboard-filter-label" variant="body2" color="text.secondary">
        Filter By
      </Typography>
      <ToggleButtonGroup
        value={period}
        exclusive
        size="small"
        color="primary"
        onChange={choose}
        aria-labelledby="dashboard-filter-label"
      >
        {DASHBOARD_PERIODS.map((p) => (
          <ToggleButton key={p} value={p} sx={{ px: 1.5, textTransform: 'none' }}>
            {p}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
