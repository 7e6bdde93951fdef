import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { CheckedAddress } from '@shipdesk/contract';
import { AddressParts } from './address-check-parts';
import { changedParts, type ComparedAddress } from './address-check-words';

const columnSx = {
  p: 1.25,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  typography: 'body2',
  lineHeight: 1.6,
  minWidth: 0,
  overflowWrap: 'anywhere',
} as const;

interface AddressSuggestionProps {
  carrier: string;
  current: ComparedAddress;
  suggestion: CheckedAddress;
  applying: boolean;
  onUse(): void;
  onKeep(): void;
}

/** The carrier's correction beside the address as it is, the words it changes marked; the seller takes it or not. */
export function AddressSuggestion({ carrier, current, suggestion, applying, onUse, onKeep }: AddressSuggestionProps) {
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ mt: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
        <Box sx={columnSx}>
          <Typography variant="caption" component="h3" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
            Yours
          </Typography>
          <AddressParts lines={changedParts(current, { ...current, postalCode: current.postalCode ?? '' })} />
        </Box>
        <Box sx={{ ...columnSx, borderColor: 'warning.main' }}>
          <Typography
            id={titleId}
            variant="caption"
            component="h3"
            color="text.secondary"
            sx={{ display: 'block', mb: 0.5 }}
          >
            {carrier} suggests
          </Typography>
          <AddressParts lines={changedParts(current, suggestion)} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          size="small"
          variant="contained"
          onClick={onUse}
          disabled={applying}
          startIcon={applying ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Use this address
        </Button>
        <Button size="small" onClick={onKeep} disabled={applying}>
          Keep mine
        </Button>
      </Box>
    </Box>
  );
}

interface AddressCandidatesProps {
  carrier: string;
  current: ComparedAddress;
  candidates: readonly CheckedAddress[];
  applying: boolean;
  onUse(candidate: number): void;
}

/** The addresses a carrier found for an ambiguous one: the seller picks one (keyboard: arrows, then the button). */
export function AddressCandidates({ carrier, current, candidates, applying, onUse }: AddressCandidatesProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const labelId = useId();
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography id={labelId} variant="caption" component="h3" color="text.secondary" sx={{ display: 'block' }}>
        Which one is it? {carrier} matched {candidates.length} addresses.
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={chosen === null ? '' : String(chosen)}
        onChange={(event) => setChosen(Number(event.target.value))}
        sx={{ mt: 0.5 }}
      >
        {candidates.map((candidate, index) => (
          <FormControlLabel
            key={index}
            value={String(index)}
            control={<Radio size="small" />}
            label={<AddressParts inline lines={changedParts(current, candidate)} />}
            slotProps={{ typography: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
            sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { pt: 0.25 }, '& + &': { mt: 0.5 } }}
          />
        ))}
      </RadioGroup>
      <Button
        size="small"
        variant="contained"
        sx={{ mt: 1 }}
        disabled={chosen === null || applying}
        onClick={() => chosen !== null && onUse(chosen)}
        startIcon={applying ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        Use selected
      </Button>
    </Box>
  );
}
