import type { CSSProperties, HTMLAttributes } from 'react';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { actionsSentence, conditionsSentence, type RuleWordsContext, type ShippingRule } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { RuleCardTools } from './rule-card-tools';

export interface RuleCardProps {
  rule: ShippingRule;
  index: number;
  count: number;
  words: RuleWordsContext;
  /** The server's messages about this rule from the last refused save. */
  errors: readonly string[];
  onToggle(enabled: boolean): void;
  onMove(delta: -1 | 1): void;
  onEdit(): void;
  onDuplicate(): void;
  onDelete(): void;
  /** For someone who may not change the rules: the words only, no handle, switch or commands. */
  readOnly?: boolean;
  /** The drag handle's attributes and listeners (dnd-kit), and the card's transform while it is dragged. */
  handleProps?: Omit<HTMLAttributes<HTMLButtonElement>, 'color'>;
  setHandleRef?: (element: HTMLElement | null) => void;
  setCardRef?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
}

function Line({ text, strong = false }: { text: string; strong?: boolean }) {
  return (
    <Typography
      variant="body2"
      color={strong ? 'text.primary' : 'text.secondary'}
      title={text}
      // One line each where there is room; narrow screens wrap rather than cut the words short.
      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: { xs: 'normal', md: 'nowrap' } }}
    >
      {text}
    </Typography>
  );
}

/** One rule of the list: its place, name and switch, what it tests and does in plain words, and its commands. */
export function RuleCard({
  rule,
  index,
  words,
  errors,
  readOnly = false,
  handleProps,
  setHandleRef,
  setCardRef,
  style,
  dragging = false,
  // The count and the commands (onToggle, onMove, onEdit, onDuplicate, onDelete), for RuleCardTools.
  ...commands
}: RuleCardProps) {
  const label = `Rule ${index + 1}: ${rule.name}`;
  return (
    <Paper
      ref={setCardRef}
      component="li"
      variant="outlined"
      aria-label={label}
      data-rule-id={rule.id}
      style={style}
      sx={(theme) => ({
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: { xs: 'auto auto minmax(0, 1fr)', md: 'auto auto minmax(0, 1fr) auto' },
        // Narrow screens put the commands under the words, so the words keep the width.
        gridTemplateAreas: { xs: '"handle number body" ". tools tools"', md: '"handle number body tools"' },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        py: 1.5,
        pl: 0.5,
        pr: 1.5,
        position: 'relative',
        bgcolor: 'background.paper',
        borderColor: errors.length > 0 ? 'error.main' : undefined,
        zIndex: dragging ? 2 : undefined,
        boxShadow: dragging ? theme.shadows[6] : undefined,
      })}
    >
      {readOnly ? (
        <Box sx={{ gridArea: 'handle', width: 8 }} />
      ) : (
        <IconButton
          ref={setHandleRef}
          {...handleProps}
          aria-label={`Drag ${label} to reorder`}
          size="small"
          sx={{
            gridArea: 'handle',
            cursor: dragging ? 'grabbing' : 'grab',
            touchAction: 'none',
            color: 'text.secondary',
          }}
        >
          <DragIndicator fontSize="small" />
        </IconButton>
      )}
      <Box
        aria-hidden
        sx={{
          gridArea: 'number',
          width: 28,
          height: 28,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          typography: 'caption',
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          bgcolor: rule.enabled ? 'primary.main' : 'action.selected',
          color: rule.enabled ? 'primary.contrastText' : 'text.secondary',
        }}
      >
        {index + 1}
      </Box>
      <Box sx={{ gridArea: 'body', minWidth: 0, opacity: rule.enabled ? 1 : 0.65 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, minWidth: 0 }}>
          <Typography
            component="h3"
            variant="subtitle2"
            sx={{
              fontWeight: 600,
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {rule.name}
          </Typography>
          {rule.enabled ? null : <StatusChip small label="Off" />}
          {rule.stop ? <StatusChip small tone="info" label="Stops here" /> : null}
        </Box>
        <Line text={conditionsSentence(rule, words)} />
        <Line text={actionsSentence(rule, words)} strong />
        {errors.length > 0 ? (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'error.main', typography: 'caption' }}>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </Box>
        ) : null}
      </Box>
      {readOnly ? null : <RuleCardTools rule={rule} label={label} index={index} {...commands} />}
    </Paper>
  );
}
