import { describe, expect, it } from 'vitest';
import { hmacSignature, oauth1Authorization, percentEncode, signatureBaseString } from './magento-oauth1.ts';

describe('OAuth 1.0a signing', () => {
  it('encodes per RFC 3986: only letters, digits and -._~ stay as they are', () => {
    expect(percentEncode("a-z_A.Z~0 !'()*[]:/+&=%é")).toBe('a-z_A.Z~0%20%21%27%28%29%2A%5B%5D%3A%2F%2B%26%3D%25%C3%A9');
  });

  it('builds the base string of RFC 5849 section 3.4.1.1, duplicate names sorted by value', () => {
    const query = new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b').searchParams;
    const body: Array<[string, string]> = [
      ['c2', ''],
      ['a3', '2 q'],
    ];
    const protocol: Array<[string, string]> = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
    ];
    expect(signatureBaseString('post', 'http://example.com/request', [...query, ...body, ...protocol])).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26' +
        'b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26' +
        'oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26' +
        'oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('signs the request of RFC 5849 section 1.2 (HMAC-SHA1)', () => {
    // That example sends no oauth_version; the header built here always does, so the signature is checked alone.
    const base = signatureBaseString('GET', 'http://photos.example.net/photos', [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ]);
    // The RFC prints "MdpQcU8iPSUjWoN5UDK7MDimmmI="; its erratum 2550 gives this value.
    expect(hmacSignature(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00', 'HMAC-SHA1')).toBe(
      'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    );
  });

  it('signs a Magento search with brackets, a space and colons exactly as the query was sent (HMAC-SHA256)', () => {
    const url =
      'https://Shop.Example.com:443/rest/default/V1/orders' +
      '?searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=2026-03-01%2008%3A30%3A00' +
      '&searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=updated_at' +
      '&searchCriteria%5BpageSize%5D=100';
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs+1', token: 'tk', tokenSecret: 'ts&2' };
    const fixed = { nonce: 'n0nce', timestamp: 1_772_353_800 };

    // Worked by hand: host in lower case, :443 dropped, the query decoded and encoded again, names sorted.
    const base =
      'GET&https%3A%2F%2Fshop.example.com%2Frest%2Fdefault%2FV1%2Forders&oauth_consumer_key%3Dck%26' +
      'oauth_nonce%3Dn0nce%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1772353800%26' +
      'oauth_token%3Dtk%26oauth_version%3D1.0%26' +
      'searchCriteria%255Bfilter_groups%255D%255B0%255D%255Bfilters%255D%255B0%255D%255Bfield%255D%3Dupdated_at%26' +
      'searchCriteria%255Bfilter_groups%255D%255B0%255D%255Bfilters%255D%255B0%255D%255Bvalue%255D%3D' +
      '2026-03-01%252008%253A30%253A00%26searchCriteria%255BpageSize%255D%3D100';
    // openssl dgst -sha256 -hmac 'cs%2B1&ts%262' -binary | base64, over the base string above.
    const signature = '+d1i8tn4BMdqorAhIGMEH0F9on1eSp+3yKPIdh4I64Y=';
    expect(hmacSignature(base, 'cs+1', 'ts&2')).toBe(signature);

    expect(oauth1Authorization('get', url, credentials, fixed)).toBe(
      'OAuth oauth_consumer_key="ck", oauth_nonce="n0nce", oauth_signature_method="HMAC-SHA256", ' +
        'oauth_timestamp="1772353800", oauth_token="tk", oauth_version="1.0", ' +
        `oauth_signature="${percentEncode(signature)}"`,
    );
    // '+' for the space reads back the same, so it signs the same.
    expect(oauth1Authorization('GET', url.replace('%2008', '+08'), credentials, fixed)).toBe(
      oauth1Authorization('GET', url, credentials, fixed),
    );
  });

  it('gives each request its own nonce and the current second', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' };
    const nonce = (header: string) => /oauth_nonce="([^"]+)"/.exec(header)?.[1];
    const first = oauth1Authorization('GET', 'https://shop.example.com/rest/default/V1/orders', credentials);
    const second = oauth1Authorization('GET', 'https://shop.example.com/rest/default/V1/orders', credentials);
    expect(nonce(first)).toMatch(/^[0-9a-f]{32}$/);
    expect(nonce(first)).not.toBe(nonce(second));
    const timestamp = Number(/oauth_timestamp="(\d+)"/.exec(first)?.[1]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
  });
});
