import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** Usually the button that gets the person to the next step. */
  action?: ReactNode;
  /** Heading level of the title inside the page; the page's own title is the <h1>. */
  headingComponent?: 'h2' | 'h3';
}

/** What a screen is for when it has nothing to show yet, and what to do next. */
export function EmptyState({ icon, title, text, action, headingComponent = 'h2' }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: { xs: 3, sm: 6 },
        py: { xs: 5, sm: 7 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      {icon ? (
        <Box
          aria-hidden
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            mb: 1,
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
      ) : null}
      <Typography variant="h6" component={headingComponent}>
        {title}
      </Typography>
      {text ? (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
          {text}
        </Typography>
      ) : null}
      {action ? (
        <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>{action}</Box>
      ) : null}
    </Paper>
  );
}
