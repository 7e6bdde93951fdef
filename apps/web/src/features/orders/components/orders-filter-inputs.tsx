import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ORDER_LIST_FIRST_DAY, ORDER_LIST_LAST_DAY, REQUESTED_SERVICE_MAX } from '@shipdesk/contract';
import { useRequestedServicesQuery } from '../api/order-views-api';

interface StatusesSelectProps<T extends string> {
  label: string;
  /** Said when nothing is chosen (all orders). */
  anyLabel: string;
  options: readonly T[];
  value: readonly T[];
  onChange(value: T[]): void;
  width?: number;
}

/**
 * Any of several statuses (payment, shipment): a select of check boxes, keyboard usable as every MUI select is (Enter
 * or Space or Down opens it, Space or Enter toggles a status, Escape or Tab closes it).
 */
export function StatusesSelect<T extends string>({
  label,
  anyLabel,
  options,
  value,
  onChange,
  width = 190,
}: StatusesSelectProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const chosen = event.target.value as unknown as T[] | string;
        const list = typeof chosen === 'string' ? chosen.split(',') : chosen;
        // Kept in the order the options list them, so the URL and the saved views read the same.
        onChange(options.filter((option) => list.includes(option)));
      }}
      sx={{ width }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as T[];
            return list.length === 0 ? anyLabel : list.join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense>
          <Checkbox size="small" checked={value.includes(option)} tabIndex={-1} sx={{ py: 0, pl: 0 }} />
          <ListItemText primary={option} />
        </MenuItem>
      ))}
    </TextField>
  );
}

interface RequestedServiceFilterProps {
  value: string;
  onChange(value: string): void;
}

/**
 * The requested service: any text (case ignored), with the services of the tenant's orders offered as they are typed.
 * A choice, Enter, or leaving the field applies it; the clear button removes it.
 */
export function RequestedServiceFilter({ value, onChange }: RequestedServiceFilterProps) {
  const { data: services = [] } = useRequestedServicesQuery();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onChange(trimmed);
  };
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={services}
      value={value || null}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        setText(next);
        if (reason === 'clear') commit('');
      }}
      onChange={(_event, next) => commit(typeof next === 'string' ? next : '')}
      sx={{ width: 220 }}
      renderInput={(input) => (
        <TextField
          {...input}
          label="Requested service"
          placeholder="Any service"
          onBlur={() => commit(text)}
          slotProps={{
            ...input.slotProps,
            inputLabel: { ...input.slotProps?.inputLabel, shrink: true },
            htmlInput: { ...input.slotProps?.htmlInput, maxLength: REQUESTED_SERVICE_MAX },
          }}
        />
      )}
    />
  );
}

/**
 * A day of the order-date range. The browser's date field reports every keystroke of the year ("0002-11-20" on the
 * way to 2026): the list takes a day once its year is a real one (1900 to 9999), or the field emptied, and keeps the
 * rest as the field's own draft.
 */
export function DayFilterField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange(day: string): void;
}) {
  const [draft, setDraft] = useState(value);
  // A cleared filter, a saved view or back/forward changes the URL: show what it says.
  useEffect(() => setDraft(value), [value]);
  // A range the wrong way round matches no order: say why, on the field.
  const reversed = !!draft && ((!!min && draft < min) || (!!max && draft > max));
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={draft}
      error={reversed}
      helperText={reversed ? (min && draft < min ? 'Before the From day' : 'After the To day') : undefined}
      onChange={(event) => {
        const day = event.target.value;
        setDraft(day);
        if (day === '' || isListDay(day)) onChange(day);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: min || ORDER_LIST_FIRST_DAY, max: max || ORDER_LIST_LAST_DAY },
      }}
      sx={{ width: 160 }}
    />
  );
}

/** A `YYYY-MM-DD` day the list can ask for (the server refuses the others, naming the filter). */
function isListDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= ORDER_LIST_FIRST_DAY && day <= ORDER_LIST_LAST_DAY;
}
