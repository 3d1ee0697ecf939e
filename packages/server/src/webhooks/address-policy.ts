/**
 * Where a webhook may point (SSRF): public unicast addresses only, unless the server sets
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true. The check runs on every address a host resolves to,
 * when the owner saves the URL and again inside each delivery's connection (`guardedLookup`
 * is the socket's `lookup`, so the address checked is the address connected to).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { FieldworkError } from "@fieldwork/core";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32],
  ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blocked.addSubnet(net, prefix, "ipv6");

/**
 * Whether `address` (an IP literal) is private, loopback, link-local or otherwise not a public unicast address.
 * An IPv6 address is read into its 16 bytes first, so every spelling of one address gets one answer: an
 * IPv4-mapped address (`::ffff:0:0/96`) is judged as the IPv4 address inside it; IPv4-compatible (`::/96`,
 * e.g. `[::127.0.0.1]`, `[::7f00:1]`) and IPv4-translated (`::ffff:0:0:0/96`, e.g. `[::ffff:0:127.0.0.1]`)
 * addresses are refused outright: no public receiver needs them and a stack may route them to the IPv4 inside.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPrivateAddress(bytes.slice(12).join("."));
  if (zeros(0, 12)) return true;
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return true;
  return blocked.check(address, "ipv6");
}

/** The 16 bytes of an IPv6 literal (`::` shorthand and a trailing dotted quad allowed; a zone id ignored). */
export function ipv6Bytes(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, "").toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, quad.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return undefined;
  const all = [...head, ...Array<string>(fill).fill("0"), ...tail];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

export class PrivateAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = "PrivateAddressError";
  }
}

/** A socket `lookup` that refuses private addresses unless `allowPrivate`. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address) as NodeJS.ErrnoException, "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * The save-time check: refuses a URL whose host is, or resolves to, a private address
 * (WEBHOOK_URL_PRIVATE). A host that does not resolve now is accepted; deliveries resolve
 * it again and log the failure.
 */
export async function assertPublicTarget(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new FieldworkError("WEBHOOK_URL_PRIVATE", undefined, ["url"]);
    return;
  }
  if (host === "localhost" || host.endsWith(".localhost")) throw new FieldworkError("WEBHOOK_URL_PRIVATE", undefined, ["url"]);
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), 3000);
    dnsLookup(host, { all: true }, (error, found) => {
      clearTimeout(timer);
      resolve(error ? [] : found);
    });
  });
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new FieldworkError("WEBHOOK_URL_PRIVATE", undefined, ["url"]);
}
