import Type from 'typebox';
import { Nullable } from './schema-kit.ts';

/**
 * Deleting what shipping setup made (docs/setup-deletion.md): a row nothing references is deleted; a row that
 * orders, labels or other setup still name is archived instead (hidden from pickers, kept for history), and the
 * answer says which and why. Stores are only ever archived.
 */
export const RemovalResultSchema = Type.Object({
  deleted: Type.Boolean(),
  archived: Type.Boolean(),
  /** Why it was archived rather than deleted ("12 orders and 3 labels use it"); null when deleted. */
  reason: Nullable(Type.String()),
});
export type RemovalResult = Type.Static<typeof RemovalResultSchema>;

/** The list flag that shows archived rows too (so a seller can find and restore them). */
export const ArchivedFlag = {
  archived: Type.Optional(Type.Boolean({ description: 'true: archived rows too (each with archivedAt)' })),
};
export const ArchivedQuerySchema = Type.Object(ArchivedFlag, { additionalProperties: false });

/** When a row was archived; null while it is live. */
export const ArchivedAt = Type.Optional(Nullable(Type.String({ format: 'date-time' })));

/** "12 orders and 3 labels use it": the counts that are not zero, joined as a person would say them. */
export function referencesReason(counts: ReadonlyArray<readonly [number, string, string]>): string | null {
  const parts = counts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `${list} ${parts.length === 1 && counts.find(([n]) => n > 0)![0] === 1 ? 'uses' : 'use'} it`;
}
