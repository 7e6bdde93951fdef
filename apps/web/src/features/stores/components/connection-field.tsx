import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { StoreFieldDefinition } from '@shipdesk/contract';
import { fieldProps } from '@/lib/forms/field-props';
import { fieldPath, type StoreFormValues } from '../store-form';

/**
 * One connection input of STORE_FIELDS. A secret is a password input with show/hide; when editing, the stored value
 * is its masked placeholder and an empty input keeps it.
 */
export function ConnectionField({
  form,
  field,
  stored,
}: {
  form: UseFormReturn<StoreFormValues>;
  field: StoreFieldDefinition;
  /** The masked stored secret ('••••1234'), when editing. */
  stored?: string;
}) {
  const [visible, setVisible] = useState(false);
  const name = fieldPath(field);
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
