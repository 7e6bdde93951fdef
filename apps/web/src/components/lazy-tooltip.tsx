import {
  cloneElement,
  useState,
  type ComponentType,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { loadOnce } from '@/lib/lazy/lazy-load';

const loadTooltip = loadOnce(() => import('@mui/material/Tooltip'));

type Handler = (event: SyntheticEvent) => void;

function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser (or jsdom) without the selector: any focus.
    return true;
  }
}

interface ChildProps {
  children?: ReactNode;
  onPointerEnter?: Handler;
  onPointerLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
}

/**
 * MUI's Tooltip for a button (`children`, an MUI button: positioned, with its own `aria-label`, so its name is there
 * before), its code loaded on the first hover or keyboard focus and shown as soon as it is there if the pointer or the
 * focus still is. The tooltip hangs on a box laid over the button inside it, so that the button itself is never drawn
 * anew (a click under way, the focus and a dialog's return of the focus stay on it).
 */
export function LazyTooltip({
  title,
  children,
  placement,
  disabled = false,
}: {
  title: string;
  children: ReactElement<ChildProps>;
  placement?: TooltipProps['placement'];
  /** Shown never (the button's own words say it): the button is drawn as given. */
  disabled?: boolean;
}) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);
  const [open, setOpen] = useState(false);
  const own = children.props;

  if (disabled) return children;
  const set = (handler: Handler | undefined, next: boolean) => (event: SyntheticEvent) => {
    handler?.(event);
    // As MUI's: the focus shows it from the keyboard, not from a click.
    if (event.type === 'focus' && !focusVisible((event as FocusEvent<HTMLElement>).currentTarget)) return;
    setOpen(next);
    if (next && !Tooltip) void loadTooltip().then(({ default: loaded }) => setTooltip(() => loaded));
  };
  const anchor = Tooltip ? (
    <Tooltip title={title} open={open} onClose={() => setOpen(false)} placement={placement} disableInteractive>
      <span aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
    </Tooltip>
  ) : null;
  return cloneElement(
    children,
    {
      onPointerEnter: set(own.onPointerEnter, true),
      onPointerLeave: set(own.onPointerLeave, false),
      onFocus: set(own.onFocus, true),
      onBlur: set(own.onBlur, false),
    },
    own.children,
    anchor,
  );
}
