import { DEFAULT_LOCALE, PIE_LABEL_THRESHOLD_PERCENT } from '@shipdesk/contract';
import type { ChannelRevenue, SalesCountEntry } from './dashboard-data';

// Building a format costs far more than using one, and the tiles format a few numbers each: one per locale and
// options.
const formats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat that falls back to the default locale (and then to no currency) instead of throwing. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = newNumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

function newNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  for (const candidate of [locale, DEFAULT_LOCALE]) {
    try {
      return new Intl.NumberFormat(candidate, options);
    } catch {
      // An unknown locale or currency code: try the next candidate.
    }
  }
  const { style: _style, currency: _currency, ...plain } = options;
  return new Intl.NumberFormat(DEFAULT_LOCALE, plain);
}

/** A percentage with at most one decimal, without sign: 12.345 -> '12.3%'. */
export function formatPercent(percent: number, locale: string): string {
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(percent))}%`;
}

/** A count with the locale's grouping (1500 -> '1,500'), for the tooltip of an abbreviated one. */
export function formatExactCount(count: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

/** Short axis labels in the tenant's currency: 12500 -> '$12.5K'. */
export function compactMoneyFormatter(currency: string, locale: string): (major: number) => string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (major) => format.format(major);
}

export type Trend = 'up' | 'down' | 'flat' | 'none';

interface ChangeDisplay {
  trend: Trend;
  /** What the tile shows next to the arrow. */
  text: string;
  /** The same for screen readers, in words. */
  spoken: string;
}

/**
 * The tile's change: the server's Percentage, or, when it sent none, the change computed from Current and Previous.
 * With no previous orders there is nothing to compare with (not +100% and not infinity).
 */
export function changeOf(entry: SalesCountEntry | undefined): number | null {
  if (!entry) return null;
  if (entry.Percentage !== null) return entry.Percentage;
  if (entry.Current === null || entry.Previous === null || entry.Previous === 0) return null;
  return ((entry.Current - entry.Previous) / entry.Previous) * 100;
}

/**
 * The change as shown and as spoken. `comparedWith` names what Previous counts ('Mon–Wed 14:00 last week'); without
 * it the words say "the previous period".
 */
export function describeChange(percentage: number | null, locale: string, comparedWith?: string): ChangeDisplay {
  if (percentage === null) {
    return { trend: 'none', text: '—', spoken: 'No change to show: nothing to compare with' };
  }
  const text = formatPercent(percentage, locale);
  const against = comparedWith ? `compared with ${comparedWith}` : 'on the previous period';
  // Rounded to what is shown, so '0%' never comes with an arrow.
  if (text === formatPercent(0, locale)) {
    return { trend: 'flat', text, spoken: `No change ${against}` };
  }
  return percentage > 0
    ? { trend: 'up', text, spoken: `Up ${text} ${against}` }
    : { trend: 'down', text, spoken: `Down ${text} ${against}` };
}

export interface PieSlice extends ChannelRevenue {
  /** Share of the total revenue, 0-100. */
  percent: number;
  /** The label drawn on the slice: its share above the threshold (spec 9), else nothing. */
  arcLabel: string;
}

/**
 * The channels with revenue as pie slices. A slice shows its percentage only above PIE_LABEL_THRESHOLD_PERCENT
 * (spec 2.4: "above 10 percent", so exactly 10 gets no label); smaller slices are named by the legend and tooltip.
 * Channels without positive revenue have no slice (a pie cannot draw nothing or a refund).
 */
export function pieSlices(channels: readonly ChannelRevenue[], locale: string): PieSlice[] {
  const positive = channels.filter((channel) => channel.value > 0);
  const total = positive.reduce((sum, channel) => sum + channel.value, 0);
  return positive.map((channel) => {
    const percent = (channel.value / total) * 100;
    return {
      ...channel,
      percent,
      arcLabel: percent > PIE_LABEL_THRESHOLD_PERCENT ? formatPercent(percent, locale) : '',
    };
  });
}
