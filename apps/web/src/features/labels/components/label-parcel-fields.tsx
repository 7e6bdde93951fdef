import type { Dispatch, SetStateAction } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BoxSize } from '@shipdesk/contract';
import { ReadScaleButton } from '@/components/printing/read-scale-button';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { weightHint, type ParcelErrors, type ParcelFields } from '../label-parcel';

const DIMENSIONS = [
  ['length', 'Length (in)'],
  ['width', 'Width (in)'],
  ['height', 'Height (in)'],
] as const;

function withBox(fields: ParcelFields, box: BoxSize | undefined): ParcelFields {
  if (!box) return { ...fields, boxSizeId: '' };
  return {
    ...fields,
    boxSizeId: box.id,
    length: String(box.length),
    width: String(box.width),
    height: String(box.height),
  };
}

interface LabelParcelFieldsProps {
  /** The parcel as typed; null until the server has said what the delivery weighs. */
  fields: ParcelFields | null;
  errors: ParcelErrors;
  setErrors: Dispatch<SetStateAction<ParcelErrors>>;
  /** A weight or size typed: priced once the typing pauses. */
  onEdit(fields: ParcelFields): void;
  /** A box chosen or a scale read: priced at once. */
  onReprice(fields: ParcelFields): void;
}

/**
 * The label's parcel: one of the seller's boxes (which brings its sizes) or an own size, the weight in grams with
 * the box included (read from the default scale when QZ Tray has one), and the sizes in inches.
 */
export function LabelParcelFields({ fields, errors, setErrors, onEdit, onReprice }: LabelParcelFieldsProps) {
  const boxes = useListBoxSizesQuery();
  const hint = fields ? weightHint(fields.weight) : null;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          select
          label="Box"
          value={fields?.boxSizeId ?? ''}
          disabled={!fields}
          onChange={(change) =>
            fields &&
            onReprice(
              withBox(
                fields,
                boxes.data?.find((box) => box.id === change.target.value),
              ),
            )
          }
          helperText={boxes.isError ? 'Could not load your boxes; enter the size below.' : ' '}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Own size</MenuItem>
          {(boxes.data ?? []).map((box) => (
            <MenuItem key={box.id} value={box.id}>
              {box.name} ({box.length} × {box.width} × {box.height} in)
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Weight (g)"
          value={fields?.weight ?? ''}
          disabled={!fields}
          onChange={(change) => fields && onEdit({ ...fields, weight: change.target.value })}
          error={Boolean(errors.weight)}
          helperText={errors.weight ?? (hint ? `Box included, ${hint}` : 'Box included')}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: {
              // Only there when QZ Tray is connected and a default scale is set.
              endAdornment: (
                <ReadScaleButton
                  adornment
                  disabled={!fields}
                  onWeight={(grams) => {
                    setErrors(({ weight: _, ...rest }) => rest);
                    if (fields) onReprice({ ...fields, weight: String(grams) });
                  }}
                  onProblem={(message) => setErrors((current) => ({ ...current, weight: message }))}
                />
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {DIMENSIONS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            value={fields?.[name] ?? ''}
            disabled={!fields}
            onChange={(change) => fields && onEdit({ ...fields, boxSizeId: '', [name]: change.target.value })}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
      </Box>
    </>
  );
}
