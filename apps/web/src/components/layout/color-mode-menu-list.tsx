import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Check from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import type { ColorMode } from '@/lib/theme/color-mode';

const OPTIONS: { mode: ColorMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
  { mode: 'system', label: 'System', Icon: SettingsBrightnessIcon },
];

interface ColorModeMenuListProps {
  menuId: string;
  /** The colour-mode button while the menu is open. */
  anchor: HTMLElement | null;
  onClose(): void;
  mode: ColorMode;
  onMode(mode: ColorMode): void;
}

/**
 * The colour-mode switch's menu: light, dark or the system's (ColorModeMenu draws it from its first opening on, its
 * code loaded then or when the browser was idle).
 */
export function ColorModeMenuList({ menuId, anchor, onClose, mode, onMode }: ColorModeMenuListProps) {
  return (
    <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {OPTIONS.map(({ mode: option, label, Icon }) => (
        <MenuItem
          key={option}
          selected={mode === option}
          onClick={() => {
            onMode(option);
            onClose();
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
          {mode === option ? <Check fontSize="small" sx={{ ml: 2 }} aria-label="selected" /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
