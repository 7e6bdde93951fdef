import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

const MENU_ID = 'user-menu';

const loadList = loadOnce(() => import('./user-menu-list'));
const UserMenuList = lazy(() => loadList().then((m) => ({ default: m.UserMenuList })));

interface UserMenuProps {
  name: string;
  email: string;
  /** The account service's profile page, opened in a new tab. */
  profileUrl: string;
  onLogout: () => Promise<void> | void;
}

/**
 * The header's user-name menu: 'View Profile' and 'Logout' behind a confirmation (spec 2.3). The menu's code comes
 * when the browser is idle after the first paint, or on the first opening (the menu opens once it is there).
 */
export function UserMenu({ name, email, profileUrl, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu (and its confirmation) is drawn from the first opening on, so that closing it keeps its exit transition.
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadList().catch(() => undefined));
  const label = name || email || 'Account';

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        aria-label={`${label}, account menu`}
        aria-haspopup="menu"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor ? true : undefined}
        endIcon={<ExpandMoreIcon />}
        // On a phone the avatar alone: the chevron would touch the screen's edge.
        sx={{
          textTransform: 'none',
          ml: 1,
          minWidth: 0,
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        {/* The initial is drawn by CSS, so the button's words are the name alone and its label starts with them. */}
        <Box
          aria-hidden
          sx={{
            width: 30,
            height: 30,
            mr: 1,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 15,
            '&::before': { content: JSON.stringify(label.charAt(0).toUpperCase()) },
          }}
        />
        <Typography component="span" noWrap sx={{ maxWidth: 180, display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Typography>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <UserMenuList
            menuId={MENU_ID}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            email={email}
            profileUrl={profileUrl}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </>
  );
}
