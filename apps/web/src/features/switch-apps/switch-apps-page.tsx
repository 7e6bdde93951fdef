import OpenInNew from '@mui/icons-material/OpenInNew';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SubscribedApp } from '@shipdesk/contract';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { useGetAppCatalogueQuery } from './catalogue-api';

/** One line on what each catalogue app is for (the catalogue itself carries only id, name, logo, URL). */
const APP_DESCRIPTIONS: Record<string, string> = {
  iam: 'Manage users, roles and sign-in for your organisation.',
  rule_engine: 'Automate carrier, service and package choices with shipping rules.',
  multi_carrier_label: 'Compare carrier rates and print labels in one place.',
};

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

/** /switch_apps (spec 2.5): the sibling apps, each opened in a new tab. */
export function SwitchAppsPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetAppCatalogueQuery();

  return (
    <>
      <PageHeader title="Switch - Apps" subtitle="Other apps that work with Shipdesk. Each opens in a new tab." />
      {isLoading ? (
        <Box component="ul" sx={grid} aria-busy="true" aria-label="Loading apps">
          {[0, 1, 2].map((i) => (
            <Card component="li" key={i} variant="outlined" sx={{ p: 2 }}>
              <Skeleton variant="circular" width={48} height={48} />
              <Skeleton variant="text" width="60%" sx={{ mt: 2, fontSize: '1.25rem' }} />
              <Skeleton variant="text" width="90%" />
              <Skeleton variant="rounded" width={120} height={36} sx={{ mt: 2 }} />
            </Card>
          ))}
        </Box>
      ) : error ? (
        <QueryError error={error} fallback="Could not load the apps." refetch={refetch} isFetching={isFetching} />
      ) : data && data.length > 0 ? (
        <Box component="ul" sx={grid}>
          {data.map((app) => (
            <AppCard key={app.id} app={app} />
          ))}
        </Box>
      ) : (
        <EmptyState title="No other apps available" text="The app catalogue is empty." />
      )}
    </>
  );
}

function AppCard({ app }: { app: SubscribedApp }) {
  return (
    <Card component="li" variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Avatar
          src={app.app_logo}
          alt=""
          variant="rounded"
          sx={{ width: 48, height: 48, mb: 2, bgcolor: 'action.hover', color: 'primary.main' }}
        >
          {app.name.charAt(0)}
        </Avatar>
        <Typography variant="h6" component="h2" gutterBottom>
          {app.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {APP_DESCRIPTIONS[app.id] ?? 'Opens in a new tab.'}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          href={app.ui_url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew aria-hidden />}
          aria-label={`Go to App: ${app.name} (opens in a new tab)`}
        >
          Go to App
        </Button>
      </CardActions>
    </Card>
  );
}
