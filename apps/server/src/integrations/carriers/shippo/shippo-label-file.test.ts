import { startFakeShippo } from '@shipdesk/fakes';
import { afterEach, describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { startOversizedAnswerServer, type OversizedAnswerServer } from '../../../../test/oversized-answer-server.ts';
import { LABEL_FILE_LIMIT, MB } from '../../http/answer-limits.ts';
import { AnswerTooLargeError } from '../../http/channel-http.ts';
import { createLabelFileDownload } from './shippo-label-file.ts';
import { labelRequest, OWNER, shippoSetup, TOKEN } from './shippo-test-kit.ts';

/** A label file of 300 MB, streamed: what a label_url on a host of the seller's own could answer. */
const HUGE_PDF = { contentType: 'application/pdf', head: '%PDF-1.7\n', size: 300 * MB };

describe("Shippo's label file is read up to the label file limit", () => {
  let files: OversizedAnswerServer | undefined;
  afterEach(async () => {
    await files?.close();
    files = undefined;
  });
  const setup = shippoSetup(() => startFakeShippo({ tokens: [TOKEN], owner: OWNER }));

  it('downloads a file past the limit no further than the limit, once, as bytes', async () => {
    files = await startOversizedAnswerServer({ 'GET /label.pdf': HUGE_PDF });
    const download = createLabelFileDownload({ baseDelayMs: 1, timeoutMs: 10_000 });
    const error = await expectChannelError(download(`${files.url}/label.pdf`));
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(error).toMatchObject({
      kind: 'malformed',
      retryable: false,
      message: `Shippo's label store answered more than ${LABEL_FILE_LIMIT / MB} MB; Shipdesk refused it`,
    });
    expect(files.count('GET', '/label.pdf')).toBe(1);
    await files.answers[0]!.done;
    expect(files.answers[0]).toMatchObject({ closedEarly: true });
    expect(files.answers[0]!.sent).toBeLessThan(64 * MB);
  });

  it('refuses a bought label whose file is too large without fetching it again, naming the tracking number', async () => {
    files = await startOversizedAnswerServer({ 'GET /label.pdf': HUGE_PDF });
    let fileStore = '';
    // Shippo's label_url points at the oversized host: the file store's links are sent there.
    const { fake, adapter } = await setup(undefined, {
      timeoutMs: 10_000,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        return fetch(fileStore && url.startsWith(fileStore) ? `${files!.url}/label.pdf` : input, init);
      },
    });
    fileStore = fake.labelFiles.url;
    const error = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^Shippo bought the label \(tracking \d{22}\) but its file could not be fetched: Shippo's label store answered more than 8 MB; Shipdesk refused it$/,
    );
    // A file store failing with a 5xx is asked five times; a file past the limit once.
    expect(files.count('GET', '/label.pdf')).toBe(1);
    expect(fake.charges).toHaveLength(1);
  });
});
