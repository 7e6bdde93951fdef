import { describe, expect, it } from 'vitest';
import { gramsOf as shopifyGrams } from '../../integrations/channels/shopify/shopify-mapping.ts';
import { channelProductFacts, type ChannelProductLine } from './products-channel-rules.ts';

const line = (sku: string, weight: number, extra: Partial<ChannelProductLine> = {}): ChannelProductLine => ({
  sku,
  name: `Product ${sku}`,
  weight,
  ...extra,
});

describe('what a page of channel orders says about products', () => {
  it('takes the grams the adapters converted from each unit (1 lb is 454 g, rounded to the gram)', () => {
    const weights = [
      shopifyGrams({ unit: 'POUNDS', value: 1 }),
      shopifyGrams({ unit: 'OUNCES', value: 6.2 }),
      shopifyGrams({ unit: 'KILOGRAMS', value: 1.25 }),
    ];
    expect(weights).toEqual([454, 176, 1250]);
    const facts = channelProductFacts([{ lines: weights.map((grams, i) => line(`SKU-${i}`, grams)) }]);
    expect(facts.map((f) => [f.sku, f.weight])).toEqual([
      ['SKU-0', 454],
      ['SKU-1', 176],
      ['SKU-2', 1250],
    ]);
  });

  it('says "not known" for a weight of 0, a negative or absurd one, and keeps sizes with all three sides only', () => {
    const facts = channelProductFacts([
      {
        lines: [
          line('EBAY-1', 0),
          line('NEG-1', -5),
          line('HEAVY-1', 2_000_000),
          line('BOX-1', 300, { size: { length: 13.004, width: 8, height: 5.555 } }),
          line('FLAT-1', 300, { size: { length: 13, width: 0, height: 5 } }),
          line('HUGE-1', 300, { size: { length: 13, width: 8, height: 250 } }),
        ],
      },
    ]);
    const bySku = Object.fromEntries(facts.map((f) => [f.sku, f]));
    expect(bySku['EBAY-1']).toEqual({
      sku: 'EBAY-1',
      title: 'Product EBAY-1',
      weight: null,
      length: null,
      width: null,
      height: null,
      hsCode: null,
      originCountry: null,
    });
    expect(bySku['NEG-1']!.weight).toBeNull();
    expect(bySku['HEAVY-1']!.weight).toBeNull();
    expect(bySku['BOX-1']).toMatchObject({ weight: 300, length: 13, width: 8, height: 5.56 });
    expect(bySku['FLAT-1']).toMatchObject({ weight: 300, length: null, width: null, height: null });
    expect(bySku['HUGE-1']!.length).toBeNull();
  });

  it("keeps a channel's HS code as digits and a known country of origin, and drops what is neither", () => {
    const facts = channelProductFacts([
      {
        lines: [
          line('TEE-1', 100, { customs: { hsCode: '6109.10', originCountry: 'pt' } }),
          line('MUG-1', 100, { customs: { hsCode: '12', originCountry: 'XX' } }),
          line('MUG-1', 100, { customs: { hsCode: null, originCountry: null } }),
          line('BAG-1', 100, { customs: { hsCode: '420222', originCountry: 'IN' } }),
          line('BAG-1', 100, { customs: null }),
        ],
      },
    ]);
    expect(facts.map((f) => [f.sku, f.hsCode, f.originCountry])).toEqual([
      ['BAG-1', '420222', 'IN'],
      ['MUG-1', null, null],
      ['TEE-1', '610910', 'PT'],
    ]);
  });

  it('skips lines without a SKU or with one too long for a product, trims SKUs and titles, sorts by SKU', () => {
    const facts = channelProductFacts([
      {
        lines: [
          line('', 100),
          line('   ', 100),
          line('X'.repeat(65), 100),
          line(' ZED-1 ', 100, { name: '  Zed  ' }),
          line('ALPHA-1', 100, { name: 'T'.repeat(300) }),
        ],
      },
    ]);
    expect(facts.map((f) => f.sku)).toEqual(['ALPHA-1', 'ZED-1']);
    expect(facts[0]!.title).toHaveLength(255);
    expect(facts[1]!.title).toBe('Zed');
  });

  it('lets later lines of a SKU replace what they say, never with "not known"', () => {
    const facts = channelProductFacts([
      { lines: [line('MUG-1', 340, { name: 'Mug', size: { length: 5, width: 4, height: 4 } })] },
      { lines: [line('MUG-1', 0, { name: '' })] },
      { lines: [line('MUG-1', 350, { name: 'Blue mug' })] },
    ]);
    expect(facts).toEqual([
      {
        sku: 'MUG-1',
        title: 'Blue mug',
        weight: 350,
        length: 5,
        width: 4,
        height: 4,
        hsCode: null,
        originCountry: null,
      },
    ]);
  });
});
