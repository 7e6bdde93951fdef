import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface BrandLogoProps {
  /** Height of the mark in px; the word scales with it. */
  size?: number;
  /** Hide the word (collapsed sidebar, favicon-like uses). */
  markOnly?: boolean;
}

/** The Shipdesk mark (a parcel with a motion line) and word, in the theme's colours. */
export function BrandLogo({ size = 36, markOnly = false }: BrandLogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: size / 36 }} role="img" aria-label="Shipdesk">
      <Box
        component="svg"
        viewBox="0 0 40 40"
        aria-hidden
        sx={{ width: size, height: size, flex: 'none', color: 'primary.main' }}
      >
        <rect x="2" y="2" width="36" height="36" rx="9" fill="currentColor" />
        <path
          d="M11 15.5 20 11l9 4.5v9.5L20 29.5 11 25z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path d="M11 15.5 20 20l9-4.5M20 20v9.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <Box
          component="path"
          d="M15.5 13.2 24.5 17.7"
          stroke="currentColor"
          sx={{ color: 'secondary.main' }}
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </Box>
      {markOnly ? null : (
        <Typography
          component="span"
          aria-hidden
          sx={{ fontSize: size * 0.6, fontWeight: 700, letterSpacing: '-0.01em', lineHeight: 1, color: 'text.primary' }}
        >
          Ship
          <Box
            component="span"
            sx={(theme) => ({
              color: (theme.vars ?? theme).palette.secondary.dark,
              ...theme.applyStyles('dark', { color: (theme.vars ?? theme).palette.secondary.main }),
            })}
          >
            desk
          </Box>
        </Typography>
      )}
    </Box>
  );
}
