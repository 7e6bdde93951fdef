import { Link as RouterLink, useSearchParams } from 'react-router';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** The period from `?period=`, or the default (This Week) for a missing or unknown value. */
export function parsePeriod(value: string | null): DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as DashboardPeriod)
    : DEFAULT_DASHBOARD_PERIOD;
}

/**
 * /dashboard (spec 2.4). The statistics call arrives with the orders API; until then the page says
 * so instead of drawing tiles with made-up numbers. The chosen period is kept in the URL.
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = parsePeriod(searchParams.get('period'));

  const choose = (_event: unknown, next: DashboardPeriod | null) => {
    // An exclusive group reports null when the active button is clicked again: keep the period.
    if (!next || next === period) return;
    setSearchParams(
      (params) => {
        if (next === DEFAULT_DASHBOARD_PERIOD) params.delete('period');
        else params.set('period', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
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
        }
      />
      <EmptyState
        icon={<InsightsOutlined />}
        title="No statistics yet"
        text={
          <>
            Received, open, shipped and cancelled orders, sales revenue and sales by channel for{' '}
            <strong>{period.toLowerCase()}</strong> appear here once orders arrive from your connected stores.
          </>
        }
        action={
          <>
            <Button component={RouterLink} to={hrefs.stores()} variant="contained">
              Connect a store
            </Button>
            <Button component={RouterLink} to={hrefs.orders()}>
              Go to orders
            </Button>
          </>
        }
      />
    </>
  );
}
