import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AppsIcon from '@mui/icons-material/Apps';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SHIPPING_APP_ID, type SubscribedApp } from '@shipdesk/contract';

/** The subscribed apps the grid lists: every one except this shipping app (spec 2.3). */
function otherApps(apps: readonly SubscribedApp[]): SubscribedApp[] {
  return apps.filter((app) => app.id !== SHIPPING_APP_ID);
}

/** The header's apps-grid button; shown only when the user has subscribed apps (spec 2.3). */
export function AppsMenu({ apps }: { apps: readonly SubscribedApp[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const others = otherApps(apps);
  if (apps.length === 0) return null;
  return (
    <>
      <Tooltip title="Your apps">
        <IconButton
          color="inherit"
          aria-label="Your apps"
          aria-haspopup="menu"
          aria-controls={anchor ? 'apps-menu' : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AppsIcon />
        </IconButton>
      </Tooltip>
      <Menu id="apps-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {others.length === 0 ? <MenuItem disabled>No other apps</MenuItem> : null}
        {others.map((app) => (
          <MenuItem
            key={app.id}
            component="a"
            href={app.ui_url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <Avatar
                src={app.app_logo}
                alt=""
                variant="rounded"
                sx={{ width: 28, height: 28, bgcolor: 'transparent' }}
              >
                {app.name.charAt(0)}
              </Avatar>
            </ListItemIcon>
            <ListItemText sx={{ ml: 1 }}>{app.name}</ListItemText>
            <OpenInNewIcon fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} aria-label="opens in a new tab" />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
