import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** What the badge shows: a count in the primary colour, or a red dot. */
interface BadgeLook {
  color: 'primary' | 'error';
  /** The count, or null for the dot. */
  count: number | null;
}

/** Before anything was shown, a hidden badge is MUI's default for the dot: red. */
const FIRST_LOOK: BadgeLook = { color: 'error', count: null };

/** MUI's largest count shown as is; above it, "99+". */
const MAX_COUNT = 99;

/**
 * The print-queue icon's badge, drawn as MUI's Badge draws its top-right badge (same size, colours, radius, font and
 * its grow and shrink) without Badge's code in the page's first load: the number of jobs still printing, else a red
 * dot when one failed, else nothing (shrunk away).
 */
export function PrintQueueBadge({
  active,
  failed,
  children,
}: {
  active: number;
  failed: boolean;
  children: ReactNode;
}) {
  const look: BadgeLook | null =
    active > 0 ? { color: 'primary', count: active } : failed ? { color: 'error', count: null } : null;
  // A hidden badge shrinks away keeping the look it had, as MUI's does.
  const [kept, setKept] = useState<BadgeLook>(FIRST_LOOK);
  if (look && (look.color !== kept.color || look.count !== kept.count)) setKept(look);
  const drawn = look ?? kept;
  const dot = drawn.count === null;
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}>
      {children}
      <Box
        component="span"
        aria-hidden
        sx={(theme) => ({
          display: 'flex',
          flexDirection: 'row',
          flexWrap: 'wrap',
          justifyContent: 'center',
          alignContent: 'center',
          alignItems: 'center',
          position: 'absolute',
          boxSizing: 'border-box',
          fontFamily: theme.typography.fontFamily,
          fontWeight: theme.typography.fontWeightMedium,
          fontSize: theme.typography.pxToRem(12),
          minWidth: dot ? '8px' : '20px',
          lineHeight: 1,
          padding: dot ? 0 : '0 6px',
          height: dot ? '8px' : '20px',
          borderRadius: dot ? '4px' : '10px',
          zIndex: 1,
          '@media (forced-colors: active)': { border: '1px solid ButtonBorder' },
          transition: theme.transitions.create('transform', {
            easing: theme.transitions.easing.easeInOut,
            duration: look ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
          }),
          backgroundColor: (theme.vars ?? theme).palette[drawn.color].main,
          color: (theme.vars ?? theme).palette[drawn.color].contrastText,
          inset: '0 0 auto auto',
          transform: `scale(${look ? 1 : 0}) translate(50%, -50%)`,
          transformOrigin: '100% 0%',
        })}
      >
        {drawn.count === null ? null : drawn.count > MAX_COUNT ? `${MAX_COUNT}+` : drawn.count}
      </Box>
    </Box>
  );
}
