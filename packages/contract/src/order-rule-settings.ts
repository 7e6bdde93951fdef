import Type from 'typebox';
import { IdSchema as Id, INT32_MAX } from './ids.ts';
import { MAX_MINOR_UNITS } from './money.ts';
import { Nullable, literalUnion } from './schema-kit.ts';
import { HAND_SET_TARGETS, SIGNATURE_KINDS, type HandSetTarget, type RuleSettings } from './shipping-rules.ts';

/**
 * `POST /call/order/{orderId}/updateRuleSettings`: a person sets an order's rule-settable fields by hand, so shipping
 * rules leave them alone, or hands some back to the rules. Each field sent is set to its value (null: none, chosen by
 * a person); each target in `automatic` is handed back and the rules run again on the order. A target both sent and
 * handed back is refused (400 naming the field). Money in the order's minor units; the hold date in the tenant's zone.
 */
export const OrderRuleSettingsUpdateSchema = Type.Object(
  {
    insuredValue: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS }))),
    signature: Type.Optional(Nullable(literalUnion(SIGNATURE_KINDS))),
    holdUntil: Type.Optional(
      Nullable(
        Type.String({ format: 'date', pattern: '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' }),
      ),
    ),
    boxSizeId: Type.Optional(Nullable(Id)),
    /** Hand these back to the rules: the rules run again on the order. */
    automatic: Type.Optional(
      Type.Array(literalUnion(HAND_SET_TARGETS), { uniqueItems: true, maxItems: HAND_SET_TARGETS.length }),
    ),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
  },
  { additionalProperties: false },
);
export type OrderRuleSettingsUpdate = Type.Static<typeof OrderRuleSettingsUpdateSchema>;

/** The field of the order (and of the update's body) each target a person may set by hand names. */
export const HAND_SET_FIELDS = {
  boxSize: 'boxSizeId',
  insuredValue: 'insuredValue',
  signature: 'signature',
  holdUntil: 'holdUntil',
} as const satisfies Record<HandSetTarget, keyof RuleSettings & keyof OrderRuleSettingsUpdate>;
