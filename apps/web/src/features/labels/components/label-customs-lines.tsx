import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOMS_LIMITS } from '@shipdesk/contract';
import { WeightField } from '@/lib/units';
import {
  fieldMessage,
  lineField,
  type CustomsErrors,
  type CustomsFields,
  type CustomsLineFields,
} from '../label-customs-form';

interface LabelCustomsLinesProps {
  fields: CustomsFields;
  errors: CustomsErrors;
  /** A line's other problems (the line itself, its quantity), by line. */
  lineProblems: string[][];
  onEdit(next: CustomsFields, field: string): void;
}

/**
 * One group per line of the declaration: what it is (SKU, title, how many: the parcel's, not edited here), then its
 * description, HS code, country of origin, total value (the declaration's currency) and total net weight (the
 * tenant's units). Each problem shows under its field, without the "Line 1 (MUG-1):" the group already says.
 */
export function LabelCustomsLines({ fields, errors, lineProblems, onEdit }: LabelCustomsLinesProps) {
  const editLine = (index: number, name: keyof CustomsLineFields, change: Partial<CustomsLineFields>) =>
    onEdit(
      { ...fields, lines: fields.lines.map((line, at) => (at === index ? { ...line, ...change } : line)) },
      lineField(index, name),
    );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.lines.map((line, index) => {
        const error = (name: keyof CustomsLineFields) => fieldMessage(errors[lineField(index, name)]);
        const name = `Line ${index + 1}: ${line.sku}`;
        return (
          <Box
            key={line.lineId}
            role="group"
            aria-label={name}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', minWidth: 0 }}>
              <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
                  {line.sku}
                </Box>{' '}
                · {line.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                Qty {line.quantity}
              </Typography>
            </Box>
            {lineProblems[index]?.map((problem) => (
              <Typography key={problem} variant="caption" color="error" role="alert">
                {problem}
              </Typography>
            ))}
            <TextField
              size="small"
              label="Description"
              value={line.description}
              onChange={(change) => editLine(index, 'description', { description: change.target.value })}
              error={Boolean(error('description'))}
              helperText={error('description') ?? 'What the item is, for customs (Cotton T-shirt)'}
              slotProps={{ htmlInput: { maxLength: CUSTOMS_LIMITS.descriptionLength } }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
              }}
            >
              <TextField
                size="small"
                label="HS code"
                value={line.hsCode}
                onChange={(change) => editLine(index, 'hsCode', { hsCode: change.target.value })}
                error={Boolean(error('hsCode'))}
                helperText={error('hsCode') ?? 'Optional'}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20, spellCheck: false } }}
              />
              <TextField
                size="small"
                label="Origin"
                value={line.originCountry}
                onChange={(change) =>
                  editLine(index, 'originCountry', { originCountry: change.target.value.toUpperCase() })
                }
                error={Boolean(error('originCountry'))}
                helperText={error('originCountry') ?? 'Country, 2 letters'}
                slotProps={{ htmlInput: { maxLength: 2, spellCheck: false, autoComplete: 'off' } }}
              />
              <TextField
                size="small"
                label={`Value (${fields.currency})`}
                value={line.value}
                onChange={(change) => editLine(index, 'value', { value: change.target.value })}
                error={Boolean(error('value'))}
                helperText={error('value') ?? `All ${line.quantity}`}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <WeightField
                size="small"
                label="Net weight"
                value={line.weight}
                onChange={(weight) => editLine(index, 'weight', { weight })}
                error={error('weight')}
                helperText={`All ${line.quantity}, no box`}
              />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
