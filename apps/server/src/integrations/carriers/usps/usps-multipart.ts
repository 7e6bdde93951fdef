import { ChannelError } from '../../http/channel-http.ts';

/**
 * USPS label answers in their default shape (integrations.md §8; International Labels has no other): a multipart body
 * whose `labelMetadata` part is JSON and whose `labelImage` part is the label file as base64 text. Parts are found by
 * their form-data name, or, in a multipart/mixed answer that names none, by their content type.
 */

interface UspsPart {
  name: string | null;
  contentType: string;
  body: string;
}

interface UspsMultipartLabel<T> {
  metadata: T;
  /** The base64 text of the label image; null when the answer has none. */
  labelImage: string | null;
}

function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

function parts(text: string, boundary: string): UspsPart[] {
  return text
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const body = chunk.replace(/^\r?\n/, '');
      const end = /\r?\n\r?\n/.exec(body);
      if (!end) return [];
      const headers = body.slice(0, end.index);
      const content = body.slice(end.index + end[0].length).replace(/\r?\n$/, '');
      const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1] ?? null;
      const contentType = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim().toLowerCase() ?? '';
      return [{ name, contentType, body: content }];
    });
}

/** The names of a label answer's parts: a return label's are returnLabelMetadata and returnLabelImage. */
interface UspsPartNames {
  metadata: string;
  image: string;
}

const LABEL_PARTS: UspsPartNames = { metadata: 'labelMetadata', image: 'labelImage' };

/** The metadata and the image of a multipart label answer; a body that is not one is a malformed answer. */
export function uspsMultipartLabel<T>(
  contentType: string,
  text: string,
  names: UspsPartNames = LABEL_PARTS,
): UspsMultipartLabel<T> {
  const boundary = boundaryOf(contentType);
  if (!/^multipart\//i.test(contentType) || !boundary) {
    throw new ChannelError(
      'malformed',
      `USPS answered the label as ${contentType || 'an unknown type'}, not multipart`,
      200,
    );
  }
  const found = parts(text, boundary);
  const metadata =
    found.find((part) => part.name === names.metadata) ??
    found.find((part) => part.name === null && part.contentType === 'application/json');
  const image =
    found.find((part) => part.name === names.image) ??
    found.find((part) => part.name === null && part !== metadata && part.contentType !== 'application/json');
  if (!metadata) throw new ChannelError('malformed', `USPS answered the label without its ${names.metadata} part`, 200);
  let parsed: T;
  try {
    parsed = JSON.parse(metadata.body) as T;
  } catch {
    throw new ChannelError('malformed', `USPS answered the label with ${names.metadata} that is not JSON`, 200);
  }
  const labelImage = image?.body.replace(/\s/g, '') ?? '';
  return { metadata: parsed, labelImage: labelImage || null };
}
