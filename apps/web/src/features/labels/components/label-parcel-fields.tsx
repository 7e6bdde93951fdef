import type { Dispatch, SetStateAction } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { lengthUnit, type BoxSize } from '@shipdesk/contract';
import { ReadScaleButton } from '@/components/printing/read-scale-button';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { boxSizesText, LengthField, storedValue, useUnits, WeightField } from '@/lib/units';
import type { ParcelErrors, ParcelFields } from '../label-parcel';

const DIMENSIONS = [
  ['length', 'Length'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

function withBox(fields: ParcelFields, box: BoxSize | undefined): ParcelFields {
  if (!box) return { ...fields, boxSizeId: '' };
  return {
    ...fields,
    boxSizeId: box.id,
    length: storedValue(box.length),
    width: storedValue(box.width),
    height: storedValue(box.height),
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
 * The label's parcel: one of the seller's boxes (which brings its sizes) or an own size, the weight with the box
 * included (read from the default scale when QZ Tray has one), all in the tenant's units (docs/units.md).
 */
export function LabelParcelFields({ fields, errors, setErrors, onEdit, onReprice }: LabelParcelFieldsProps) {
  const boxes = useListBoxSizesQuery();
  const { system, ready } = useUnits();
  const disabled = !fields || !ready;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          select
          label="Box"
          value={fields?.boxSizeId ?? ''}
          disabled={disabled}
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
              {box.name} ({boxSizesText(box, system)})
            </MenuItem>
          ))}
        </TextField>
        <WeightField
          label={system === 'imperial' ? 'Weight (lb, oz)' : 'Weight (kg, g)'}
          value={fields?.weight ?? storedValue(null)}
          disabled={disabled}
          onChange={(weight) => fields && onEdit({ ...fields, weight })}
          error={errors.weight}
          helperText="Box included"
          // Only there when QZ Tray is connected and a default scale is set.
          endAdornment={
            <ReadScaleButton
              adornment
              disabled={disabled}
              onWeight={(grams) => {
                setErrors(({ weight: _, ...rest }) => rest);
                // The reading's own grams, kept exactly: never its rounded pounds and ounces.
                if (fields) onReprice({ ...fields, weight: storedValue(grams) });
              }}
              onProblem={(message) => setErrors((current) => ({ ...current, weight: message }))}
            />
          }
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {DIMENSIONS.map(([name, label]) => (
          <LengthField
            key={name}
            label={`${label} (${lengthUnit(system)})`}
            value={fields?.[name] ?? storedValue(null)}
            disabled={disabled}
            onChange={(size) => fields && onEdit({ ...fields, boxSizeId: '', [name]: size })}
            error={errors[name]}
          />
        ))}
      </Box>
    </>
  );
}
