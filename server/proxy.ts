import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * TRUSTED_PROXIES: the reverse proxies (CIDRs or single addresses, comma separated) whose
 * `X-Forwarded-For` and `X-Forwarded-Proto` this server believes. Unset: none, so the client address
 * is always the socket's and a forwarded header written by a client changes nothing.
 */
export interface TrustedProxies {
  /** The list as configured, for the banner and errors. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/** Socket addresses of IPv4 clients on a dual-stack listener come as ::ffff:a.b.c.d. */
function plain(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/** Parses TRUSTED_PROXIES; throws with the entry's text when one is not an address or CIDR. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || rest.length > 0 || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, 127.0.0.1, fd00::/8)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    entries,
    has(address: string) {
      const a = plain(address);
      const family = isIP(a);
      if (!family || entries.length === 0) return false;
      return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export const NO_TRUSTED_PROXIES: TrustedProxies = parseTrustedProxies(undefined);

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the
 * right-most address of `X-Forwarded-For` that is not itself a trusted proxy (the one the first
 * proxy we trust saw). Addresses left of it were written by the client and are never believed.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  const peer = plain(socketAddress ?? 'unknown');
  if (!trusted.has(peer) || !forwardedFor) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) return peer;
    if (!trusted.has(hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}

/** Whether the browser reached us over HTTPS: a TLS socket, or a trusted proxy's `X-Forwarded-Proto: https`. */
export function isSecureRequest(req: IncomingMessage, trusted: TrustedProxies): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trusted.has(req.socket.remoteAddress ?? '')) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}
