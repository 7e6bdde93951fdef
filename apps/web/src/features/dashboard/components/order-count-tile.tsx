import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { formatCount } from '@/lib/format';
import { changeOf, describeChange, formatExactCount, type Trend } from '../dashboard-format';
import type { SalesCountEntry } from '../dashboard-data';
import type { LoadState } from '../hooks/use-dashboard-statistics';
import type { OrderTile } from '../order-tiles';

interface OrderCountTileProps {
  tile: OrderTile;
  /** The tile's salesCount entry; none (failure, or the server sent no such tile) shows dashes, not zeros. */
  entry: SalesCountEntry | undefined;
  state: LoadState;
  locale: string;
  /** What Previous counts, in words ('Mon–Wed 14:00 last week'), for the spoken change; none: "the previous period". */
  comparedWith?: string;
}

const TREND_ICON = { up: ArrowUpward, down: ArrowDownward, flat: TrendingFlat } as const;

function trendColor(trend: Trend, risingIsGood: boolean): string {
  if (trend === 'up') return risingIsGood ? 'success.main' : 'error.main';
  if (trend === 'down') return risingIsGood ? 'error.main' : 'success.main';
  return 'text.secondary';
}

/** A count as the tiles show it (K/M/B/T above 1000, spec 9), with the exact number as its tooltip. */
function Count({ value, locale }: { value: number | null; locale: string }) {
  if (value === null) return <>—</>;
  const shown = formatCount(value);
  const exact = formatExactCount(value, locale);
  return <span title={shown === String(value) ? undefined : exact}>{shown}</span>;
}

/** The tile's definition in a tooltip, on a button above the tile's link, so a keyboard reaches it (focus opens it). */
function Definition({ tile }: { tile: OrderTile }) {
  return (
    <Tooltip title={tile.definition} describeChild enterTouchDelay={0} leaveTouchDelay={6000}>
      <IconButton
        size="small"
        aria-label={`What ${tile.title} counts`}
        sx={{ position: 'relative', zIndex: 1, color: 'text.secondary', p: 0.25 }}
      >
        <InfoOutlined sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}

/**
 * One of the four order tiles (spec 2.4): the current count, the previous period's and the change, with a caption
 * and an info tooltip saying what it counts. The title is the link to the matching order list; it covers the whole
 * tile, so the tile is one click target with a short name.
 */
export function OrderCountTile({ tile, entry, state, locale, comparedWith }: OrderCountTileProps) {
  const titleId = useId();
  const captionId = useId();
  const loading = state === 'loading';
  const change = describeChange(changeOf(entry), locale, comparedWith);
  const TrendIcon = change.trend === 'none' ? null : TREND_ICON[change.trend];
  const Icon = tile.icon;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-describedby={captionId}
      aria-busy={loading}
      sx={{
        position: 'relative',
        p: 2,
        minWidth: 0,
        transition: 'border-color 120ms',
        '&:hover, &:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Link
            id={titleId}
            component={RouterLink}
            to={tile.href}
            variant="subtitle1"
            color="text.primary"
            underline="hover"
            sx={{
              fontWeight: 600,
              // Stretch the link over the tile.
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
            }}
          >
            {tile.title}
          </Link>
          <Definition tile={tile} />
        </Box>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <Icon fontSize="small" />
        </Box>
      </Box>

      <Typography id={captionId} variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
        {tile.caption}
      </Typography>

      {/* Each figure a dt/dd pair in its own div (the only wrapper a dl allows): Current on its own row, Previous
          and the change side by side under it. */}
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          alignItems: 'baseline',
          columnGap: 1,
        }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Box component="dt" sx={visuallyHidden}>
            Current
          </Box>
          <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 600, lineHeight: 1.3 }}>
            {loading ? <Skeleton width="45%" /> : <Count value={entry?.Current ?? null} locale={locale} />}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Previous
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, minWidth: 32 }}>
            {loading ? <Skeleton width={40} /> : <Count value={entry?.Previous ?? null} locale={locale} />}
          </Typography>
        </Box>
        <Box>
          <Box component="dt" sx={visuallyHidden}>
            Change
          </Box>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.25,
              fontWeight: 600,
              minWidth: 56,
              justifyContent: 'flex-end',
              color: trendColor(change.trend, tile.risingIsGood),
            }}
          >
            {loading ? (
              <Skeleton width={56} />
            ) : (
              <>
                {TrendIcon ? <TrendIcon aria-hidden sx={{ fontSize: 16 }} /> : null}
                <span aria-hidden>{change.text}</span>
                <Box component="span" sx={visuallyHidden}>
                  {change.spoken}
                </Box>
              </>
            )}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}
