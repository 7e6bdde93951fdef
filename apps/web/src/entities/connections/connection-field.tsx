import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { StoreFieldDefinition } from '@shipdesk/contract';
import { fieldProps } from '@/lib/forms/field-props';

/**
 * A form that connects to an outside service (a store's platform, a carrier): its fields are keyed as the API names
 * them, so a 400 naming `credentials.clientSecret` lands on that very input.
 */
export interface ConnectionFormValues extends FieldValues {
  settings: Record<string, string>;
  credentials: Record<string, string>;
}

/** Where a connection field lives in the form: secrets under `credentials`, the rest under `settings`. */
export const connectionFieldPath = (field: StoreFieldDefinition) =>
  `${field.secret ? 'credentials' : 'settings'}.${field.key}` as const;

/**
 * One connection input of a platform's or carrier's field list. A secret is a password input with show/hide; when
 * editing, the stored value is its masked placeholder and an empty input keeps it.
 */
export function ConnectionField<V extends ConnectionFormValues>({
  form,
  field,
  stored,
}: {
  form: UseFormReturn<V>;
  field: StoreFieldDefinition;
  /** The masked stored secret ('••••1234'), when editing. */
  stored?: string;
}) {
  const [visible, setVisible] = useState(false);
  const name = connectionFieldPath(field) as Path<V>;
  const keepHint = stored ? `Saved as ${stored}. Leave empty to keep it.` : undefined;
  const hint = [field.help, keepHint].filter(Boolean).join(' ') || undefined;
  return (
    <TextField
      {...fieldProps(form, name, hint)}
      label={field.label}
      required={field.required && !stored}
      placeholder={stored ?? field.placeholder}
      type={field.secret && !visible ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : 'off'}
      fullWidth
      slotProps={{
        htmlInput: { spellCheck: false },
        input: field.secret
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    onClick={() => setVisible((shown) => !shown)}
                    aria-label={`${visible ? 'Hide' : 'Show'} ${field.label}`}
                  >
                    {visible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
