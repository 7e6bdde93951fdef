import { describe, expect, it } from 'vitest';
import type { Delivery } from '@shipdesk/contract';
import { boxesDraft, mergeBoxes, shapeFrom, unitsLeft, type BoxesDraft } from './delivery-boxes';

const lines = [
  { id: '1', sku: 'MUG-1', name: 'Blue mug', quantity: 3 },
  { id: '2', sku: '', name: 'Green tea', quantity: 1 },
] as Parameters<typeof boxesDraft>[0]['lines'];

const delivery = (id: string, status: Delivery['status'], quantities: Record<string, number>) =>
  ({
    deliveryId: id,
    status,
    lines: Object.entries(quantities).map(([lineId, quantity]) => ({ lineId, quantity })),
  }) as Delivery;

describe('delivery boxes', () => {
  it('leaves labelled units out, places the rest, and names what does not add up', () => {
    const draft = boxesDraft({ lines }, [
      delivery('7', 'labelled', { '1': 1 }),
      delivery('8', 'planned', { '1': 2, '2': 1 }),
    ]);
    expect(draft.lines).toEqual([
      { lineId: '1', label: 'MUG-1 · Blue mug', open: 2 },
      { lineId: '2', label: 'Green tea', open: 1 },
    ]);
    const split: BoxesDraft = {
      ...draft,
      boxes: [
        { deliveryId: '8', units: { '1': 2 } },
        { deliveryId: null, units: { '2': 1 } },
      ],
    };
    expect(shapeFrom(split, 4)).toEqual({
      shape: {
        version: 4,
        deliveries: [
          { deliveryId: '8', lines: [{ lineId: '1', quantity: 2 }] },
          { lines: [{ lineId: '2', quantity: 1 }] },
        ],
      },
    });
    const short: BoxesDraft = { ...draft, boxes: [{ deliveryId: '8', units: { '1': 1, '2': 1 } }] };
    expect(unitsLeft(short, '1')).toBe(1);
    expect(shapeFrom(short, 4)).toEqual({ problem: 'MUG-1 · Blue mug: 1 left to place' });
    expect(shapeFrom(mergeBoxes(split), 4)).toEqual({
      shape: {
        version: 4,
        deliveries: [
          {
            deliveryId: '8',
            lines: [
              { lineId: '1', quantity: 2 },
              { lineId: '2', quantity: 1 },
            ],
          },
        ],
      },
    });
  });
});
