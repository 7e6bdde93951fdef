import { LABEL_FILE_LIMIT } from '../../http/answer-limits.ts';
import { ChannelError, createChannelHttp, type HttpOptions } from '../../http/channel-http.ts';
import type { LabelFormat } from '../carrier-types.ts';

/**
 * Shippo's labels are files behind label_url (its file store, a pre-signed link), fetched through the shared HTTP
 * client: its timeout, retries, answer limit and the egress guard's fetch apply as to any call. The link is the
 * credential, so the Shippo token never goes with it. The file is read as the bytes it is, at most LABEL_FILE_LIMIT.
 */

export type LabelFileDownload = (url: string, signal?: AbortSignal) => Promise<Buffer>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes are what the format says: a PDF, a PNG, or ZPL text with a label format in it. */
export function isLabelDocument(format: LabelFormat, bytes: Buffer): boolean {
  if (format === 'pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (format === 'png') return bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  return bytes.includes('^XA', 0, 'latin1');
}

export function createLabelFileDownload(options: HttpOptions = {}): LabelFileDownload {
  const http = createChannelHttp({ platform: "Shippo's label store", answerLimit: LABEL_FILE_LIMIT }, options);

  return async (url, signal) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ChannelError('malformed', `Shippo answered a label link that is not a URL: ${url}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ChannelError('malformed', `Shippo answered a label link that is not a web address: ${url}`);
    }
    const file = await http.download({ method: 'GET', url: parsed.href, headers: { accept: '*/*' } }, signal);
    return file.bytes;
  };
}
