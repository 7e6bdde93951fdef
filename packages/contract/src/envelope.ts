import Type, { type TSchema } from 'typebox';

/** Success envelope `{ code, success, data }` (ARCHITECTURE.md, API). */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer(),
    success: Type.Literal(true),
    data,
  });
}

/** Failure envelope; `errors` maps a field to its message. */
export const ErrorEnvelopeSchema = Type.Object({
  code: Type.Integer(),
  success: Type.Literal(false),
  message: Type.String(),
  reason: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  code: number;
  success: true;
  data: T;
}
