import { useId, type KeyboardEvent } from 'react';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOMS_LIMITS } from '@shipdesk/contract';
import {
  CONTENTS_CHOICES,
  customsSummary,
  EXPORT_FILING_CHOICES,
  INCOTERM_CHOICES,
  NON_DELIVERY_CHOICES,
  placeCustomsErrors,
  type CustomsErrors,
  type CustomsFields,
} from '../label-customs-form';
import { LabelCustomsLines } from './label-customs-lines';

interface LabelCustomsFieldsProps {
  fields: CustomsFields;
  errors: CustomsErrors;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  /** The fields as edited; `field` names the one changed (its error goes). */
  onEdit(next: CustomsFields, field: string): void;
  locale: string;
}

type Choice<T extends string> = ReadonlyArray<readonly [T, string, ...string[]]>;

/**
 * The customs declaration of a label whose shipment needs one, prefilled by the server: one line of summary
 * ("Customs: Merchandise · DAP · 2 lines · $45.00"), open while something is to fix, with the declaration's choices
 * (what the parcel holds, what happens when it cannot be delivered, who pays duties, the invoice number, the US
 * exporter's filing) above one group per line. Problems show under their fields; the server judges at purchase.
 */
export function LabelCustomsFields({ fields, errors, expanded, onExpand, onEdit, locale }: LabelCustomsFieldsProps) {
  const id = useId();
  const placed = placeCustomsErrors(errors, fields.lines.length);
  const problems = Object.keys(errors).length;

  const select = <T extends string>(
    name: 'contentsType' | 'nonDelivery' | 'incoterm',
    label: string,
    choices: Choice<T>,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={fields[name]}
      onChange={(change) => onEdit({ ...fields, [name]: change.target.value as T }, name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
    >
      {choices.map(([value, words]) => (
        <MenuItem key={value} value={value}>
          {words}
        </MenuItem>
      ))}
    </TextField>
  );
  const text = (name: 'contentsExplanation' | 'invoiceNumber' | 'aesItn', label: string, maxLength: number) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={fields[name]}
      onChange={(change) =>
        onEdit({ ...fields, [name]: name === 'aesItn' ? change.target.value.toUpperCase() : change.target.value }, name)
      }
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      slotProps={{ htmlInput: { maxLength, spellCheck: false } }}
    />
  );

  // Enter in a customs field neither buys nor asks for rates (the declaration does not change the price).
  const keepEnter = (keyDown: KeyboardEvent) => {
    if (keyDown.key !== 'Enter' || !(keyDown.target instanceof HTMLInputElement)) return;
    keyDown.preventDefault();
    keyDown.stopPropagation();
  };

  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, open) => onExpand(open)}
      disableGutters
      variant="outlined"
      sx={{ '&::before': { display: 'none' } }}
      slotProps={{ heading: { component: 'h3' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-details`} id={`${id}-summary`}>
        <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
          <Typography variant="subtitle2" component="span">
            {customsSummary(fields, locale)}
          </Typography>
          <Typography variant="caption" component="span" color={problems ? 'error' : 'text.secondary'}>
            {problems
              ? `${problems} ${problems === 1 ? 'thing' : 'things'} to fix before the carrier takes it`
              : 'Prefilled from your products; check it before buying'}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`} sx={{ display: 'grid', gap: 1 }} onKeyDown={keepEnter}>
        <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {select('contentsType', 'Contents', CONTENTS_CHOICES)}
          {/* The explanation takes the cell beside the contents: nothing else moves when "Other" is chosen. */}
          {fields.contentsType === 'other' ? (
            text('contentsExplanation', 'What the parcel holds', CUSTOMS_LIMITS.explanationLength)
          ) : (
            <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
          )}
          {select('nonDelivery', 'If it cannot be delivered', NON_DELIVERY_CHOICES)}
          {select('incoterm', 'Duties and taxes', INCOTERM_CHOICES)}
          {text('invoiceNumber', 'Invoice number', CUSTOMS_LIMITS.invoiceNumberLength)}
          <TextField
            select
            size="small"
            label="Exporter's filing (US)"
            value={fields.exportFiling}
            onChange={(change) =>
              onEdit({ ...fields, exportFiling: change.target.value as CustomsFields['exportFiling'] }, 'exportFiling')
            }
            error={Boolean(errors.exportFiling)}
            helperText=" "
          >
            {EXPORT_FILING_CHOICES.map(([value, words]) => (
              <MenuItem key={value} value={value}>
                {words}
              </MenuItem>
            ))}
          </TextField>
          {fields.exportFiling === 'AES_ITN' ? (
            <Box sx={{ gridColumn: { sm: 2 } }}>{text('aesItn', 'ITN (X and 14 digits)', 15)}</Box>
          ) : null}
        </Box>
        {placed.general.length > 0 ? (
          <Alert severity="error" role="alert">
            {placed.general.length === 1 ? (
              placed.general[0]
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {placed.general.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        ) : null}
        <LabelCustomsLines fields={fields} errors={errors} lineProblems={placed.lines} onEdit={onEdit} />
      </AccordionDetails>
    </Accordion>
  );
}
