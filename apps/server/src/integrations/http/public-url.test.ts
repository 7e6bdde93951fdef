import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http-errors.ts';
import { cqUrlProblem, type HostLookup } from './public-url.ts';

const dnsError = (code: string) => Object.assign(new Error(code), { code });

/** Names the tests use, answered without DNS. */
const fakeDns: HostLookup = async (hostname) => {
  const table: Record<string, string[]> = {
    'cq.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'intranet.example.com': ['10.20.30.40'],
    'metadata.example.com': ['169.254.169.254'],
    'split.example.com': ['93.184.215.14', 'fd00::7'],
    'mapped.example.com': ['::ffff:192.168.0.10'],
    'empty.example.com': [],
  };
  const answer = table[hostname];
  if (hostname === 'servfail.example.com') throw dnsError('EAI_AGAIN');
  if (!answer) throw dnsError('ENOTFOUND');
  return answer;
};

describe('cqUrlProblem', () => {
  it('accepts public http and https URLs', async () => {
    expect(await cqUrlProblem('https://cq.example.com/connect?x=1', fakeDns)).toBeNull();
    expect(await cqUrlProblem('http://93.184.215.14:8080/', fakeDns)).toBeNull();
    expect(await cqUrlProblem('https://[2606:4700:4700::1111]/', fakeDns)).toBeNull();
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://10.0.0.8/hook',
    'http://172.20.1.1/',
    'http://192.168.1.20/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0:3000/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
  ])('refuses the literal address in %s', async (url) => {
    expect(await cqUrlProblem(url, fakeDns)).toMatch(/must point at a public address/);
  });

  it.each([
    ['https://intranet.example.com/', '10.20.30.40'],
    ['https://metadata.example.com/', '169.254.169.254'],
    ['https://split.example.com/', 'fd00::7'],
    ['https://mapped.example.com/', '::ffff:192.168.0.10'],
  ])('refuses %s, whose name resolves to %s', async (url, address) => {
    expect(await cqUrlProblem(url, fakeDns)).toContain(address);
  });

  it('refuses localhost as the system resolver answers it', async () => {
    expect(await cqUrlProblem('http://localhost:3000/')).toMatch(/localhost is \(or resolves to\) (127\.0\.0\.1|::1)/);
  });

  it('refuses other schemes, credentials and text that is no URL', async () => {
    expect(await cqUrlProblem('ftp://cq.example.com/', fakeDns)).toBe('cq_url must use https or http');
    expect(await cqUrlProblem('file:///etc/passwd', fakeDns)).toBe('cq_url must use https or http');
    expect(await cqUrlProblem('https://user:pw@cq.example.com/', fakeDns)).toMatch(/user name or password/);
    expect(await cqUrlProblem('cq.example.com', fakeDns)).toMatch(/absolute URL/);
  });

  it('refuses a name that does not resolve, and answers 503 when DNS fails or hangs', async () => {
    expect(await cqUrlProblem('https://nowhere.example.com/', fakeDns)).toBe(
      'cq_url host name "nowhere.example.com" does not resolve',
    );
    expect(await cqUrlProblem('https://empty.example.com/', fakeDns)).toMatch(/does not resolve/);
    await expect(cqUrlProblem('https://servfail.example.com/', fakeDns)).rejects.toMatchObject({ statusCode: 503 });
    const hang = vi.fn<HostLookup>(() => new Promise(() => {}));
    const error = await cqUrlProblem('https://slow.example.com/', hang, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503 });
    expect(hang).toHaveBeenCalledWith('slow.example.com');
  });
});
