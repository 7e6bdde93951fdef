import Chip from '@mui/material/Chip';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'error';

interface StatusChipProps {
  label: string;
  tone?: StatusTone;
  /** 24 high instead of 32 (spec 9), for table cells. */
  small?: boolean;
  /** What the status is about ('Payment'), read by screen readers before the label. */
  kind?: string;
}

const TONE_COLOR = {
  neutral: 'grey',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const;

/**
 * A status as a chip (spec 9: 32 high, 24 small). Tinted background with darker text in light mode and lighter text
 * in dark mode, so every tone keeps readable contrast in both colour schemes.
 */
export function StatusChip({ label, tone = 'neutral', small = false, kind }: StatusChipProps) {
  const color = TONE_COLOR[tone];
  return (
    <Chip
      label={label}
      size={small ? 'small' : 'medium'}
      aria-label={kind ? `${kind}: ${label}` : undefined}
      variant="outlined"
      sx={(theme) => {
        const vars = theme.vars ?? theme;
        if (color === 'grey') {
          return {
            fontWeight: 500,
            color: 'text.secondary',
            borderColor: 'divider',
            bgcolor: 'action.hover',
          };
        }
        const palette = vars.palette[color] as { dark: string; light: string; mainChannel: string };
        return {
          fontWeight: 500,
          color: palette.dark,
          borderColor: `rgba(${palette.mainChannel} / 0.5)`,
          bgcolor: `rgba(${palette.mainChannel} / 0.1)`,
          ...theme.applyStyles('dark', {
            color: palette.light,
            bgcolor: `rgba(${palette.mainChannel} / 0.16)`,
          }),
        };
      }}
    />
  );
}
