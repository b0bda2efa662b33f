import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { clientAddress, isSecureRequest, NO_TRUSTED_PROXIES, parseTrustedProxies } from './proxy.ts';

describe('TRUSTED_PROXIES', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8, 127.0.0.1, fd00::/8');

  it('without trusted proxies the socket address is the client, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', NO_TRUSTED_PROXIES)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '198.51.100.1', NO_TRUSTED_PROXIES)).toBe('127.0.0.1');
  });

  it('a request from a trusted proxy is the right-most untrusted forwarded address', () => {
    expect(clientAddress('10.1.2.3', '198.51.100.1', trusted)).toBe('198.51.100.1');
    // The client wrote 1.1.1.1 itself; the proxy appended the address it saw.
    expect(clientAddress('10.1.2.3', '1.1.1.1, 198.51.100.1', trusted)).toBe('198.51.100.1');
    // Two proxies we trust in a row.
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1, 10.9.9.9', trusted)).toBe('198.51.100.1');
    expect(clientAddress('fd00::5', '2001:db8::1', trusted)).toBe('2001:db8::1');
  });

  it('a request from an untrusted peer keeps its own address even with a forwarded header', () => {
    expect(clientAddress('203.0.113.7', '10.1.1.1', trusted)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', '198.51.100.1', trusted)).toBe('203.0.113.7');
  });

  it('garbage in X-Forwarded-For from a trusted proxy falls back to the proxy', () => {
    expect(clientAddress('10.1.2.3', 'not-an-ip', trusted)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', undefined, trusted)).toBe('10.1.2.3');
  });

  it('refuses entries that are not addresses or CIDRs, naming them', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    expect(() => parseTrustedProxies('proxy.internal')).toThrow('TRUSTED_PROXIES');
    expect(() => parseTrustedProxies('10.0.0.0/8/1')).toThrow();
    expect(parseTrustedProxies(' ').entries).toEqual([]);
  });

  it('HTTPS is believed from a trusted proxy only', () => {
    const req = (remoteAddress: string, proto?: string) => ({ socket: { remoteAddress }, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as unknown as IncomingMessage;
    expect(isSecureRequest(req('10.0.0.1', 'https'), trusted)).toBe(true);
    expect(isSecureRequest(req('203.0.113.7', 'https'), trusted)).toBe(false);
    expect(isSecureRequest(req('10.0.0.1', 'http'), trusted)).toBe(false);
    expect(isSecureRequest(req('10.0.0.1'), trusted)).toBe(false);
  });
});
