import { lazy, Suspense, useId, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import DensityMediumOutlined from '@mui/icons-material/DensityMediumOutlined';
import DensitySmallOutlined from '@mui/icons-material/DensitySmallOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { ORDER_LIST_COLUMNS } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useOrderListPreferences, useUpdateOrderListPreferencesMutation } from '../api/order-views-api';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { LazyTooltip } from '@/components/lazy-tooltip';

const loadMenu = loadOnce(() => import('./orders-column-menu'));
const OrdersColumnMenu = lazy(() => loadMenu().then((m) => ({ default: m.OrdersColumnMenu })));

/** Keeps a change of the user's list preferences; says so when the server refuses it (the change is undone). */
function useSavePreferences(what: string) {
  const [save] = useUpdateOrderListPreferencesMutation();
  return (change: Parameters<typeof save>[0]) =>
    save(change)
      .unwrap()
      .catch((error: unknown) => toast.error(apiErrorMessage(error, `The ${what} could not be kept.`)));
}

/**
 * Which columns the list shows, kept for the user: a menu of check boxes (OrdersColumnMenu, its code loaded when the
 * browser is idle after the first paint or on the first click, the menu opening once it is there).
 */
export function OrdersColumnChooser() {
  const { preferences } = useOrderListPreferences();
  const save = useSavePreferences('columns');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadMenu().catch(() => undefined));
  const menuId = useId();
  const hidden = preferences.hiddenColumns;
  // The contract's columns, one for each column of the table (a test holds them alike): the table's cells and their
  // code are not needed to count them.
  const shown = ORDER_LIST_COLUMNS.length - hidden.length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        Columns{hidden.length > 0 ? ` (${shown} of ${ORDER_LIST_COLUMNS.length})` : ''}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <OrdersColumnMenu
            menuId={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            hidden={hidden}
            onHidden={(next) => void save({ hiddenColumns: next })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * MUI's small ToggleButton (standard colour, the theme's secondary text colour unselected) as the list draws it, on
 * ButtonBase, which the first screen's buttons load anyway: the toggle is drawn at first paint, and ToggleButton's own
 * code would be there for it alone.
 */
const densityToggleSx: SxProps<Theme> = (theme) => {
  const vars = theme.vars ?? theme;
  const text = vars.palette.text.primary;
  const { hoverOpacity, selectedOpacity } = vars.palette.action;
  return {
    ...theme.typography.button,
    fontSize: theme.typography.pxToRem(13),
    borderRadius: vars.shape.borderRadius,
    padding: '7px 8px',
    border: 0,
    color: vars.palette.text.secondary,
    '&:hover': {
      textDecoration: 'none',
      backgroundColor: theme.alpha(text, hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&.Mui-selected': {
      color: text,
      backgroundColor: theme.alpha(text, selectedOpacity),
      '&:hover': {
        backgroundColor: theme.alpha(text, `${selectedOpacity} + ${hoverOpacity}`),
        '@media (hover: none)': { backgroundColor: theme.alpha(text, selectedOpacity) },
      },
    },
  };
};

/** Standard or compact (one-line) rows, kept for the user: a toggle button (pressed for compact rows). */
export function OrdersDensityToggle() {
  const { preferences } = useOrderListPreferences();
  const save = useSavePreferences('row density');
  const compact = preferences.density === 'compact';
  return (
    <LazyTooltip title={compact ? 'Compact rows: one line each' : 'Standard rows'}>
      <ButtonBase
        focusRipple
        value="compact"
        aria-pressed={compact}
        aria-label="Compact rows"
        // MUI's ToggleButton classes, for the same hooks (the selected state is styled by its class, as MUI does).
        className={`MuiToggleButton-root MuiToggleButton-standard MuiToggleButton-sizeSmall${compact ? ' Mui-selected' : ''}`}
        onClick={() => void save({ density: compact ? 'standard' : 'compact' })}
        sx={densityToggleSx}
      >
        {compact ? <DensitySmallOutlined fontSize="small" /> : <DensityMediumOutlined fontSize="small" />}
      </ButtonBase>
    </LazyTooltip>
  );
}
