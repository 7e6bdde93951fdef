import { afterEach, describe, expect, it } from 'vitest';
import {
  startOversizedAnswerServer,
  type AnswerRoute,
  type OversizedAnswerServer,
} from '../../../test/oversized-answer-server.ts';
import { MB } from './answer-limits.ts';
import { AnswerTooLargeError, createChannelHttp, type HttpOptions } from './channel-http.ts';

describe('the channel HTTP client reads every answer up to a limit', () => {
  let server: OversizedAnswerServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const waits: number[] = [];
  const start = async (routes: Record<string, AnswerRoute>) => {
    waits.length = 0;
    server = await startOversizedAnswerServer(routes);
    return server;
  };
  const options: HttpOptions = {
    baseDelayMs: 1,
    timeoutMs: 5_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    return error as AnswerTooLargeError;
  };
  /** The answer's connection closed by the client well before the server was done, and soon. */
  const stoppedEarly = async (answers: OversizedAnswerServer['answers'], most: number) => {
    expect(answers).toHaveLength(1);
    await answers[0]!.done;
    expect(answers[0]).toMatchObject({ closedEarly: true });
    expect(answers[0]!.sent).toBeLessThan(most);
  };

  it('refuses a JSON answer that never ends once past its limit, closes it, and does not ask again', async () => {
    const { url, answers, count } = await start({
      'GET /orders': { head: '{"orders":[', fill: ' ', size: Number.POSITIVE_INFINITY },
    });
    const http = createChannelHttp({ platform: 'Example Shop', answerLimit: 1 * MB }, options);
    const started = Date.now();
    const error = await refusal(http.json({ url: `${url}/orders` }));
    expect(error).toMatchObject({
      kind: 'malformed',
      retryable: false,
      status: 200,
      message: 'Example Shop answered more than 1 MB; Shipdesk refused it',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // A GET is safe to send again and a malformed answer is usually retried: not this one.
    expect(count('GET', '/orders')).toBe(1);
    expect(waits).toEqual([]);
    await stoppedEarly(answers, 32 * MB);
  });

  it('refuses a document past the limit of its request the same way', async () => {
    const { url, answers, count } = await start({
      'GET /label.pdf': { contentType: 'application/pdf', head: '%PDF-1.7\n', size: Number.POSITIVE_INFINITY },
    });
    const http = createChannelHttp({ platform: "Example's label store" }, options);
    const error = await refusal(http.download({ url: `${url}/label.pdf`, answerLimit: 2 * MB }));
    expect(error.message).toBe("Example's label store answered more than 2 MB; Shipdesk refused it");
    expect(error.limitBytes).toBe(2 * MB);
    expect(count('GET', '/label.pdf')).toBe(1);
    await stoppedEarly(answers, 32 * MB);
  });

  it('refuses an answer whose Content-Length is past the limit before reading it', async () => {
    const { url, answers } = await start({
      'GET /label.pdf': { contentType: 'application/pdf', size: 300 * MB, declareLength: true },
    });
    const http = createChannelHttp({ platform: 'Example' }, options);
    await refusal(http.download({ url: `${url}/label.pdf`, answerLimit: 8 * MB }));
    await stoppedEarly(answers, 32 * MB);
  });

  it('refuses an error answer that runs past the limit, without retrying the failure', async () => {
    const { url, count } = await start({
      'GET /orders': { status: 503, contentType: 'text/html', size: Number.POSITIVE_INFINITY },
    });
    const http = createChannelHttp({ platform: 'Example Shop', answerLimit: 1 * MB }, options);
    await refusal(http.request({ url: `${url}/orders` }));
    expect(count('GET', '/orders')).toBe(1);
  });

  it('reads an answer within its limit whole: JSON parsed, a document as its bytes', async () => {
    const { url } = await start({
      'GET /orders': { head: '{"note":"', size: 1 * MB, tail: '"}' },
      'GET /label.zpl': { contentType: 'text/plain', head: '^XA', size: 2 * MB, fill: 'Z', declareLength: true },
    });
    const http = createChannelHttp({ platform: 'Example', answerLimit: 2 * MB }, options);
    const { body } = await http.json<{ note: string }>({ url: `${url}/orders` });
    expect(body.note).toHaveLength(1 * MB);
    const file = await http.download({ url: `${url}/label.zpl`, answerLimit: 3 * MB });
    expect(file.bytes.byteLength).toBe(2 * MB + 3);
    expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('^XAZ');
  });
});
