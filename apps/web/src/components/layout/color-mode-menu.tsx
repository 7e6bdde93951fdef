import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Check from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import { useColorMode, type ColorMode } from '@/lib/theme/color-mode';

const OPTIONS: { mode: ColorMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
  { mode: 'system', label: 'System', Icon: SettingsBrightnessIcon },
];

/** The header's light / dark / system switch (spec 4.4). */
export function ColorModeMenu() {
  const { mode, isDark, setMode } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const CurrentIcon = mode === 'system' ? SettingsBrightnessIcon : isDark ? DarkModeIcon : LightModeIcon;
  return (
    <>
      <Tooltip title="Colour mode">
        <IconButton
          color="inherit"
          aria-label={`Colour mode: ${mode}`}
          aria-haspopup="menu"
          aria-controls={anchor ? 'color-mode-menu' : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <CurrentIcon />
        </IconButton>
      </Tooltip>
      <Menu id="color-mode-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {OPTIONS.map(({ mode: option, label, Icon }) => (
          <MenuItem
            key={option}
            selected={mode === option}
            onClick={() => {
              setMode(option);
              setAnchor(null);
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
    </>
  );
}
