import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface NumberedListProps {
  items: ReactNode[];
  /** The number of the first item (spec 2.3: default 1). */
  start?: number;
}

/** An ordered list from an array (spec 2.3); a real <ol>, so screen readers announce the count. */
export function NumberedList({ items, start = 1 }: NumberedListProps) {
  return (
    <Box
      component="ol"
      start={start}
      sx={{
        m: 0,
        pl: 0,
        listStyle: 'none',
        counterReset: `item ${start - 1}`,
        display: 'grid',
        gap: 1.5,
      }}
    >
      {items.map((item, index) => (
        <Box
          component="li"
          key={index}
          sx={{
            counterIncrement: 'item',
            display: 'grid',
            gridTemplateColumns: '2rem 1fr',
            alignItems: 'start',
            columnGap: 1.5,
            '&::before': {
              content: 'counter(item)',
              width: '2rem',
              height: '2rem',
              borderRadius: '50%',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
              fontSize: '0.875rem',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            },
          }}
        >
          <Typography component="div" variant="body1" sx={{ pt: 0.5 }}>
            {item}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
