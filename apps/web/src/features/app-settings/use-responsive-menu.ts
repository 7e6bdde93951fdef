import { useEffect } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { toggleMenu } from '@/lib/state/app-settings-slice';
import { useAppDispatch } from '@/lib/store-hooks';

/** On narrow screens the sidebar is forced collapsed (spec 4.4: isMenuExpanded "can be forced off"). */
export function useResponsiveMenu(): void {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (narrow) dispatch(toggleMenu(false));
  }, [narrow, dispatch]);
}
