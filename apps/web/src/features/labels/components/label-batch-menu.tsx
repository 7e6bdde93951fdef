import { lazy, Suspense, useRef, useState } from 'react';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Button from '@mui/material/Button';
import { DEFAULT_CUSTOMS, type CustomsDefaults } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { useCreateLabelBatchMutation } from '../api/label-batches-api';
import { sameCustoms } from './label-batch-customs-choice';
import type { LabelBatchEvent, LabelBatchScope } from './label-batch-menu-popup';

const loadPopup = loadOnce(() => import('./label-batch-menu-popup'));
const LabelBatchMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.LabelBatchMenuPopup })));
const LabelBatchStartingIcon = lazy(() => loadPopup().then((m) => ({ default: m.LabelBatchStartingIcon })));

/** How starting a batch went, in the words of the report above the order list. */
interface LabelBatchOutcome {
  severity: 'info' | 'error';
  title: string;
  message: string;
  /** The labels change the orders (and their versions): a started batch clears the selection. */
  clearSelection: boolean;
}

interface LabelBatchMenuProps {
  /** How many orders are selected. */
  count: number;
  /** Runs the start of a batch with the ids of the selected orders; the list reports its outcome. */
  run(start: (orderIds: string[]) => Promise<LabelBatchOutcome>): Promise<void>;
}

/**
 * 'Buy labels' in the order list's bulk actions bar: PDF or ZPL labels for the selection, or for every paid order
 * waiting to ship, bought by a label batch that the banner above the list follows; the customs choices for the orders
 * that cross a customs border (Merchandise, returned, duties paid by the buyer unless changed). The menu and its
 * dialogs (LabelBatchMenuPopup) come when the browser is idle after the bar appears, or on the first click (the menu
 * opens once its code is there).
 */
export function LabelBatchMenu({ count, run }: LabelBatchMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu and its dialogs are drawn from the first opening on (their code loaded then if not yet).
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadPopup().catch(() => undefined));
  // Labels for every paid order to ship are bought for orders beyond the selection, with real postage: asked first.
  const [buyingAll, setBuyingAll] = useState<LabelBatchEvent | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [startBatch, starting] = useCreateLabelBatchMutation();
  // The customs choices for the orders that need them: the usual ones until changed, for the batches started from
  // this selection (a new selection starts from the usual ones again).
  const [customs, setCustoms] = useState<CustomsDefaults>(DEFAULT_CUSTOMS);
  const [choosingCustoms, setChoosingCustoms] = useState(false);

  // Absent, the server applies the usual choices: sent only when the seller changed them.
  const chosen = sameCustoms(customs, DEFAULT_CUSTOMS) ? {} : { customs };
  const start = (event: LabelBatchEvent, scope: LabelBatchScope) =>
    void run(async (orderIds): Promise<LabelBatchOutcome> => {
      try {
        const batch = await startBatch(
          scope === 'selected' ? { event, orderIds, ...chosen } : { event, allShippable: true, ...chosen },
        ).unwrap();
        return {
          severity: 'info',
          title: `Buying labels for ${batch.total} ${batch.total === 1 ? 'order' : 'orders'}`,
          message: 'The bar above the list shows how far it is.',
          clearSelection: true,
        };
      } catch (error) {
        const message = apiErrorMessage(error, 'The labels could not be started.');
        return { severity: 'error', title: 'The label batch did not start', message, clearSelection: false };
      }
    });
  const choose = (event: LabelBatchEvent, scope: LabelBatchScope) => {
    setAnchor(null);
    if (scope === 'allShippable') setBuyingAll(event);
    else start(event, scope);
  };
  const backToButton = () => button.current?.focus();

  return (
    <>
      <Button
        ref={button}
        variant="outlined"
        size="small"
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        disabled={starting.isLoading}
        aria-haspopup="menu"
        startIcon={
          starting.isLoading ? (
            // A batch starts from the menu or its dialog: their module, with the spinner, is there by then.
            <Suspense fallback={<span aria-hidden style={{ display: 'inline-block', width: 16, height: 16 }} />}>
              <LabelBatchStartingIcon />
            </Suspense>
          ) : (
            <LocalShippingOutlined />
          )
        }
      >
        Buy labels
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LabelBatchMenuPopup
            count={count}
            anchor={anchor}
            onCloseMenu={() => setAnchor(null)}
            choose={choose}
            customs={customs}
            choosingCustoms={choosingCustoms}
            onChooseCustoms={() => {
              setAnchor(null);
              setChoosingCustoms(true);
            }}
            onCustomsCancel={() => {
              setChoosingCustoms(false);
              backToButton();
            }}
            onCustomsSave={(next) => {
              setCustoms(next);
              setChoosingCustoms(false);
              backToButton();
            }}
            buyingAll={buyingAll}
            onBuyAllCancel={() => {
              setBuyingAll(null);
              backToButton();
            }}
            onBuyAllConfirm={() => {
              const event = buyingAll;
              setBuyingAll(null);
              if (event) start(event, 'allShippable');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
