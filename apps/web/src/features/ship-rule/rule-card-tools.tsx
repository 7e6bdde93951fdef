import { useState } from 'react';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import type { ShippingRule } from '@shipdesk/contract';
import type { RuleCardProps } from './rule-card';

interface RuleCardToolsProps extends Pick<
  RuleCardProps,
  'index' | 'count' | 'onToggle' | 'onMove' | 'onEdit' | 'onDuplicate' | 'onDelete'
> {
  rule: ShippingRule;
  /** 'Rule 2: Heavy goods', for the commands' names. */
  label: string;
}

/** A rule's commands: its switch, up and down, edit, and a menu with duplicate and delete. */
export function RuleCardTools({
  rule,
  label,
  index,
  count,
  onToggle,
  onMove,
  onEdit,
  onDuplicate,
  onDelete,
}: RuleCardToolsProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = `rule-menu-${rule.id}`;
  return (
    <Box
      sx={{
        gridArea: 'tools',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', md: 'flex-end' },
        gap: 0.25,
        ml: { xs: -1.5, md: 0 },
      }}
    >
      <Switch
        checked={rule.enabled}
        onChange={(event) => onToggle(event.target.checked)}
        slotProps={{ input: { 'aria-label': `${label}: on` } }}
      />
      <Tooltip title="Move up">
        <span>
          <IconButton aria-label={`Move ${label} up`} data-move="up" disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton
            aria-label={`Move ${label} down`}
            data-move="down"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${label}`} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton
        aria-label={`More for ${label}`}
        aria-haspopup="menu"
        aria-controls={menu ? menuId : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onDuplicate();
          }}
        >
          <ListItemIcon>
            <ContentCopyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Duplicate</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onDelete();
          }}
        >
          <ListItemIcon>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
      </Menu>
    </Box>
  );
}
