import type { MouseEvent, ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import type { SxProps, Theme } from '@mui/material/styles';

interface SidebarTemporaryDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Kept in the page once it has opened, so the next opening does not build it again. */
  keepMounted: boolean;
  paperId: string;
  paperSx: SxProps<Theme>;
  onClick?: (event: MouseEvent) => void;
  children: ReactNode;
}

/**
 * The sidebar below the md breakpoint: a temporary drawer over the page (a modal), loaded when it first opens or at
 * an idle moment, as a phone's first screen does not draw it.
 */
export function SidebarTemporaryDrawer(props: SidebarTemporaryDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      component="aside"
      aria-label="Main navigation"
      open={props.open}
      onClose={props.onClose}
      ModalProps={{ keepMounted: props.keepMounted }}
      slotProps={{ paper: { id: props.paperId, onClick: props.onClick, sx: props.paperSx } }}
    >
      {props.children}
    </Drawer>
  );
}
