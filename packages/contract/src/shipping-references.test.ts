import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { BOX_SIZE_LIMITS, BoxSizeInputSchema } from './shipping-references.ts';

describe('box size limits', () => {
  const check = Compile(BoxSizeInputSchema);
  const box = { name: 'Small', length: 10, width: 8, height: 4, emptyWeight: 100, maxWeight: 5000 };

  it('are what the schema the server validates with takes, and nothing beyond', () => {
    const { nameLength, sideInches, emptyGrams, maxGrams } = BOX_SIZE_LIMITS;
    expect(check.Check({ ...box, name: 'x'.repeat(nameLength), length: sideInches, emptyWeight: emptyGrams })).toBe(
      true,
    );
    expect(check.Check({ ...box, maxWeight: maxGrams, emptyWeight: 0 })).toBe(true);
    expect(check.Check({ ...box, name: 'x'.repeat(nameLength + 1) })).toBe(false);
    expect(check.Check({ ...box, height: sideInches + 0.01 })).toBe(false);
    expect(check.Check({ ...box, width: 0 })).toBe(false);
    expect(check.Check({ ...box, emptyWeight: emptyGrams + 1 })).toBe(false);
    expect(check.Check({ ...box, maxWeight: maxGrams + 1 })).toBe(false);
    expect(check.Check({ ...box, maxWeight: 0 })).toBe(false);
  });
});
