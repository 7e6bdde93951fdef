import type { DeliveriesShape, Delivery, Order } from '@shipdesk/contract';

/**
 * The boxes form: the order's units not yet labelled, and how many of each line go in each unlabelled delivery.
 * Pure, so the arithmetic (what is left to place) is tested apart from the dialog.
 */
interface BoxLine {
  lineId: string;
  label: string;
  /** Units not in a labelled (or shipped, or canceled) delivery. */
  open: number;
}

export interface BoxesDraft {
  lines: BoxLine[];
  /** One entry per box: its delivery id (null for a new box) and the units per line id. */
  boxes: Array<{ deliveryId: string | null; units: Record<string, number> }>;
}

export function boxesDraft(order: Pick<Order, 'lines'>, deliveries: readonly Delivery[]): BoxesDraft {
  const fixed = new Map<string, number>();
  for (const delivery of deliveries.filter((d) => d.status !== 'planned')) {
    for (const line of delivery.lines) fixed.set(line.lineId, (fixed.get(line.lineId) ?? 0) + line.quantity);
  }
  const lines = order.lines
    .map((line) => ({
      lineId: line.id,
      label: line.sku ? `${line.sku} · ${line.name}` : line.name,
      open: line.quantity - (fixed.get(line.id) ?? 0),
    }))
    .filter((line) => line.open > 0);
  const boxes = deliveries
    .filter((d) => d.status === 'planned')
    .map((d) => ({
      deliveryId: d.deliveryId,
      units: Object.fromEntries(d.lines.map((l) => [l.lineId, l.quantity])),
    }));
  return { lines, boxes };
}

/** Units of `lineId` not placed in any box yet (negative: too many placed). */
export function unitsLeft(draft: BoxesDraft, lineId: string): number {
  const line = draft.lines.find((l) => l.lineId === lineId);
  const placed = draft.boxes.reduce((sum, box) => sum + (box.units[lineId] ?? 0), 0);
  return (line?.open ?? 0) - placed;
}

/** Every open unit in one box (the first one kept). */
export function mergeBoxes(draft: BoxesDraft): BoxesDraft {
  return {
    lines: draft.lines,
    boxes: [
      {
        deliveryId: draft.boxes[0]?.deliveryId ?? null,
        units: Object.fromEntries(draft.lines.map((l) => [l.lineId, l.open])),
      },
    ],
  };
}

/** What the server takes, or why not (a line not fully placed, an empty box). */
export function shapeFrom(draft: BoxesDraft, version: number): { shape: DeliveriesShape } | { problem: string } {
  for (const line of draft.lines) {
    const left = unitsLeft(draft, line.lineId);
    if (left !== 0) {
      return { problem: left > 0 ? `${line.label}: ${left} left to place` : `${line.label}: ${-left} too many placed` };
    }
  }
  const boxes = draft.boxes.filter((box) => Object.values(box.units).some((n) => n > 0));
  if (boxes.length === 0) return { problem: 'Nothing to ship is left in these boxes' };
  return {
    shape: {
      version,
      deliveries: boxes.map((box) => ({
        ...(box.deliveryId ? { deliveryId: box.deliveryId } : {}),
        lines: Object.entries(box.units)
          .filter(([, n]) => n > 0)
          .map(([lineId, quantity]) => ({ lineId, quantity })),
      })),
    },
  };
}
