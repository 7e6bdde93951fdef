import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './tracking-push-group-commit.ts';

/** The listener's group commit on its own: batches, writes in flight, and a failed write failing its batch only. */
describe('group commit of pushes', () => {
  it('stores the items of one turn in one write, at most maxBatch a write and maxInFlight writes at once', async () => {
    const writes: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const commit = createGroupCommit<number>(
      async (items) => {
        inFlight++;
        most = Math.max(most, inFlight);
        writes.push(items);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
      },
      { maxBatch: 4, maxInFlight: 2 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => commit.add(i)));
    expect(writes.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(writes.map((w) => w.length)).toEqual([4, 4, 2]);
    expect(most).toBe(2);
    expect(commit.pending()).toEqual({ waiting: 0, writing: 0 });
  });

  it('settles an item only after its own write, and fails every item of a failed write (only those)', async () => {
    let release!: () => void;
    const settled: string[] = [];
    const commit = createGroupCommit<string>(async (items) => {
      if (items.includes('bad')) throw new Error('refused');
      await new Promise<void>((r) => (release = r));
    });
    const first = commit.add('a').then(() => settled.push('a'));
    await new Promise((r) => setImmediate(r));
    expect(commit.pending()).toEqual({ waiting: 0, writing: 1 });
    expect(settled).toEqual([]);
    release();
    await first;
    expect(settled).toEqual(['a']);
    const failed = await Promise.allSettled([commit.add('bad'), commit.add('with it')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    const later = commit.add('later');
    await new Promise((r) => setImmediate(r));
    release();
    await expect(later).resolves.toBeUndefined();
  });

  it('takes at most maxBatchSize a write (at least one item, however large)', async () => {
    const writes: string[][] = [];
    const commit = createGroupCommit<string>(async (items) => void writes.push(items), {
      sizeOf: (item) => item.length,
      maxBatchSize: 10,
      maxInFlight: 1,
    });
    await Promise.all(['aaaa', 'bbbb', 'cccc', 'a very long item', 'dd'].map((item) => commit.add(item)));
    expect(writes).toEqual([['aaaa', 'bbbb'], ['cccc'], ['a very long item'], ['dd']]);
  });

  it('waits lingerMs for more items before writing', async () => {
    const writes: string[][] = [];
    const commit = createGroupCommit<string>(async (items) => void writes.push(items), { lingerMs: 30 });
    const one = commit.add('one');
    await new Promise((r) => setTimeout(r, 10));
    const two = commit.add('two');
    await Promise.all([one, two]);
    expect(writes).toEqual([['one', 'two']]);
  });
});
