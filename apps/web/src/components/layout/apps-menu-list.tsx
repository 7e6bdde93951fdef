import Avatar from '@mui/material/Avatar';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SHIPPING_APP_ID, type SubscribedApp } from '@shipdesk/contract';

/** The subscribed apps the grid lists: every one except this shipping app (spec 2.3). */
function otherApps(apps: readonly SubscribedApp[]): SubscribedApp[] {
  return apps.filter((app) => app.id !== SHIPPING_APP_ID);
}

interface AppsMenuListProps {
  menuId: string;
  /** The apps button while the menu is open. */
  anchor: HTMLElement | null;
  onClose(): void;
  apps: readonly SubscribedApp[];
}

/**
 * The apps grid's menu: the user's other apps, each opened in a new tab (AppsMenu draws it from its first opening on,
 * its code loaded then or when the browser was idle).
 */
export function AppsMenuList({ menuId, anchor, onClose, apps }: AppsMenuListProps) {
  const others = otherApps(apps);
  return (
    <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {others.length === 0 ? <MenuItem disabled>No other apps</MenuItem> : null}
      {others.map((app) => (
        <MenuItem
          key={app.id}
          component="a"
          href={app.ui_url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          <ListItemIcon>
            <Avatar src={app.app_logo} alt="" variant="rounded" sx={{ width: 28, height: 28, bgcolor: 'transparent' }}>
              {app.name.charAt(0)}
            </Avatar>
          </ListItemIcon>
          <ListItemText sx={{ ml: 1 }}>{app.name}</ListItemText>
          <OpenInNewIcon fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} aria-label="opens in a new tab" />
        </MenuItem>
      ))}
    </Menu>
  );
}
