import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated session', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('could not receive data from server', '08006')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a closed socket', new Error('Connection terminated unexpectedly')],
    [
      'a client used after its connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      "Drizzle's wrapper",
      new Error('Failed query: select 1', {
        cause: withCode('terminating connection due to administrator command', '57P01'),
      }),
    ],
    [
      'a connect refused on every address',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a read-only transaction refusing a write', withCode('cannot execute INSERT in a read-only transaction', '25006')],
    ["Drizzle's wrapper of a statement error", new Error('Failed query', { cause: withCode('bad', '22P02') })],
    ['an error without a code', new Error('Something else')],
    ['not an error', 'ECONNRESET'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
