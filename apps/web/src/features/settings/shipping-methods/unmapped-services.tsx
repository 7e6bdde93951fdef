import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UnmappedService } from '@shipdesk/contract';
import { unmappedStoresText, unmappedText } from './shipping-text';

interface UnmappedServicesProps {
  services: readonly UnmappedService[];
  readOnly: boolean;
  /** The service whose method is being created. */
  creating: string | null;
  /** Whether there is a method to map to. */
  canMap: boolean;
  onCreate(service: UnmappedService): void;
  onMap(service: UnmappedService): void;
}

/** Requested services that open orders ask for and no method covers: those orders cannot get a label yet. */
export function UnmappedServices({ services, readOnly, creating, canMap, onCreate, onMap }: UnmappedServicesProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="unmapped-heading"
      sx={{ mb: 4, borderColor: 'warning.main', overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', px: 2, pt: 2, pb: 1 }}>
        <ReportProblemOutlined color="warning" aria-hidden sx={{ mt: 0.25 }} />
        <Box>
          <Typography variant="subtitle1" component="h2" id="unmapped-heading" sx={{ fontWeight: 600 }}>
            Requested services without a shipping method
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Orders asking for these cannot get a label until a method covers them.
          </Typography>
        </Box>
      </Box>
      <List disablePadding>
        {services.map((service) => (
          <ListItem
            key={service.requestedService}
            divider
            sx={{ flexWrap: 'wrap', gap: 1, py: 1.25, '&:last-of-type': { borderBottom: 0 } }}
          >
            <Typography variant="body2" sx={{ flex: '1 1 320px', minWidth: 0, overflowWrap: 'anywhere' }}>
              {unmappedText(service)}
              {service.stores.length > 0 ? (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' · '}
                  {unmappedStoresText(service)}
                </Box>
              ) : null}
            </Typography>
            {readOnly ? null : (
              <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={creating !== null}
                  onClick={() => onCreate(service)}
                  aria-label={`Create method “${service.requestedService}”`}
                >
                  {creating === service.requestedService ? 'Creating…' : 'Create method'}
                </Button>
                <Button
                  size="small"
                  disabled={!canMap || creating !== null}
                  onClick={() => onMap(service)}
                  aria-label={`Map to existing method: “${service.requestedService}”`}
                >
                  Map to existing method
                </Button>
              </Box>
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
