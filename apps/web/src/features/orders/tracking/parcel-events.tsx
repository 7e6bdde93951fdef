import { useId, useState } from 'react';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { ParcelTracking } from '@shipdesk/contract';
import { formatDateTime } from '@/lib/format';

/**
 * A parcel's carrier events behind a button, newest first: when (in the tenant's zone), the carrier's words, where.
 * Closed at first: the status chip above already says where the parcel is.
 */
export function ParcelEvents({ events, timeZone }: { events: ParcelTracking['events']; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  const count = events.length === 1 ? '1 carrier event' : `${events.length} carrier events`;
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={<ExpandMore sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />}
        sx={{ ml: -0.5, px: 0.5 }}
      >
        {open ? `Hide ${count}` : `Show ${count}`}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="ol" id={listId} aria-label="Carrier events" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
          {newestFirst.map((event) => (
            <Box
              component="li"
              key={`${event.at}-${event.code ?? ''}-${event.description}`}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '10.5rem minmax(0, 1fr)' },
                columnGap: 1.5,
                py: 0.5,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(event.at, timeZone)}
              </Typography>
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2">{event.description}</Typography>
                {event.location ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {event.location}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
