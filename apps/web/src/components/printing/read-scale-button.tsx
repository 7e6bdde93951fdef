import { useEffect, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import ScaleOutlinedIcon from '@mui/icons-material/ScaleOutlined';
import { usePrinterPreferences } from '@/lib/printing/printer-preferences';
import { qzMessage, qzTray, useQzTrayState, type QzTrayClient } from '@/lib/printing/qz-tray';
import { scaleReadingProblem } from '@/lib/printing/scale-report';

interface ReadScaleButtonProps {
  /** The settled weight in whole grams (as parcels are kept). */
  onWeight(grams: number): void;
  /** Why the scale gave no usable weight, for the field's helper text. */
  onProblem(message: string): void;
  disabled?: boolean;
  /** Inside a text field, as its end adornment. */
  adornment?: boolean;
  client?: QzTrayClient;
}

/**
 * Reads the default scale through QZ Tray. Shown only when QZ Tray is the chosen way, is connected, and a default
 * scale is set (Settings); otherwise it is not there at all.
 */
export function ReadScaleButton(props: ReadScaleButtonProps) {
  const { onWeight, onProblem, disabled = false, adornment = false, client = qzTray } = props;
  const { method, scale } = usePrinterPreferences();
  const state = useQzTrayState(client);
  const [reading, setReading] = useState(false);
  const wanted = method === 'qz' && scale !== null;

  useEffect(() => {
    if (wanted) void client.connect();
  }, [wanted, client]);

  if (!wanted || state.status !== 'connected') return null;

  const read = async () => {
    setReading(true);
    try {
      const result = await client.readScale(scale);
      const problem = scaleReadingProblem(result);
      if (problem) onProblem(problem);
      else onWeight(result.grams!);
    } catch (failure) {
      onProblem(qzMessage(failure, 'The scale could not be read'));
    } finally {
      setReading(false);
    }
  };

  const button = (
    <Tooltip title={`Read ${scale.name}`}>
      <span>
        <IconButton
          size="small"
          edge="end"
          aria-label="Read scale"
          disabled={disabled || reading}
          onClick={() => void read()}
        >
          {reading ? (
            <CircularProgress size={18} aria-label="Reading the scale" />
          ) : (
            <ScaleOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
  return adornment ? <InputAdornment position="end">{button}</InputAdornment> : button;
}
