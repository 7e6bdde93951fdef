import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ShipMethod } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { CarrierMappingsBlock } from './carrier-mappings-block';
import { openOrdersText } from './shipping-text';
import { StoreMappingsBlock } from './store-mappings-block';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';

interface ShipMethodsListProps {
  methods: readonly ShipMethod[];
  readOnly: boolean;
  /** The method whose details are open. */
  expanded: string | null;
  onExpand(id: string | null): void;
  /** A method just added: once open, it is scrolled into view (a long list puts it far below). */
  reveal?: string | null;
  onRename(method: ShipMethod): void;
  /** Requested services no method covers yet. */
  suggestions: readonly string[];
}

/**
 * The shipping methods, each with its open orders and whether a carrier service fulfils it; opening one shows (and
 * loads) its carrier services and requested services.
 */
export function ShipMethodsList({
  methods,
  readOnly,
  expanded,
  onExpand,
  reveal = null,
  onRename,
  suggestions,
}: ShipMethodsListProps) {
  return (
    <Box>
      {methods.map((method) => {
        const summaryId = `ship-method-${method.id}`;
        return (
          <Accordion
            key={method.id}
            disableGutters
            variant="outlined"
            expanded={expanded === method.id}
            onChange={(_event, open) => onExpand(open ? method.id : null)}
            slotProps={{
              transition: {
                unmountOnExit: true,
                onEntered:
                  method.id === reveal
                    ? (node: HTMLElement) => node.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
                    : undefined,
              },
            }}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreOutlined />}
              id={summaryId}
              aria-controls={`${summaryId}-details`}
              sx={{ '& .MuiAccordionSummary-content': { alignItems: 'center', gap: 2, minWidth: 0 } }}
            >
              <Typography sx={{ fontWeight: 500, flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
                {method.name}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {openOrdersText(method.openOrders)}
              </Typography>
              <Box sx={{ width: 104, display: 'flex', justifyContent: 'flex-end', flexShrink: 0 }}>
                <StatusChip
                  small
                  label={method.mapped ? 'Mapped' : 'Not mapped'}
                  tone={method.mapped ? 'success' : 'warning'}
                  kind={`Carrier mapping of ${method.name}`}
                />
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`${summaryId}-details`} sx={{ pt: 0 }}>
              <Divider sx={{ mb: 2 }} />
              <CarrierMappingsBlock method={method} readOnly={readOnly} />
              <Divider sx={{ my: 2 }} />
              <StoreMappingsBlock method={method} readOnly={readOnly} suggestions={suggestions} />
              {readOnly ? null : (
                <>
                  <Divider sx={{ my: 2 }} />
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Button size="small" onClick={() => onRename(method)} aria-label={`Rename ${method.name}`}>
                      Rename
                    </Button>
                    <RemoveRowButton
                      path={`api/v1/shipMethods/${method.id}`}
                      name={method.name}
                      consequence={`${method.name} will be deleted with its mappings. If orders or shipping rules use it, it is archived instead: no requested service means it any more (open orders are resolved again), and orders that have it keep its name.`}
                    />
                  </Box>
                </>
              )}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
