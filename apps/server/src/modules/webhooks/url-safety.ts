/**
 * Where a webhook may point (issue 35): http(s) only; in production mode never a loopback, private,
 * link-local or otherwise internal address, checked on the URL when a subscription is made and on
 * every address the name resolves to at each delivery (the connection's own DNS lookup goes through
 * `safeLookup`, so a name that changes its answer after the check cannot reach inside).
 * The demo and the other modes allow them, so the feature can be tried on one machine.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup } from 'node:dns';

const internal = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  internal.addSubnet(address, prefix, 'ipv6');

/** True for an address no production webhook may reach (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlPolicy = { allowInternal: boolean };

/** Why a URL may not be a webhook's, or undefined when it may (the name is not resolved here). */
export function urlProblem(raw: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must be an http(s) address.';
  if (url.username || url.password) return 'The URL must not hold a user name or password.';
  if (policy.allowInternal) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The URL must not point to this machine (loopback).';
  if (isIP(host) !== 0 && isInternalAddress(host)) return 'The URL must not point to a loopback or private network address.';
  return undefined;
}

/**
 * dns.lookup refusing internal addresses in production: used as the `lookup` of each delivery's
 * connection, so the address checked is the address connected to.
 */
export function safeLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = policy.allowInternal ? undefined : list.find((a) => isInternalAddress(a.address));
      if (refused) {
        const problem = Object.assign(new Error(`${hostname} resolves to ${refused.address}, a loopback or private network address.`), {
          code: 'EWEBHOOKADDRESS',
        });
        return callback(problem, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
