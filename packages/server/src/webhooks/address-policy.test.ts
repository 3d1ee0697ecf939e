import { FieldworkError } from "@fieldwork/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertPublicTarget, ipv6Bytes, isPrivateAddress } from "./address-policy";
import { sendRequest } from "./send-request";

const hex = (n: number) => n.toString(16);
/** Spellings of IPv6 addresses that carry the IPv4 address `a.b.c.d` in their last 32 bits. */
function embeddings([a, b, c, d]: number[]): { compatible: string[]; translated: string[]; mapped: string[] } {
  const quad = `${a}.${b}.${c}.${d}`;
  const pair = `${hex((a! << 8) | b!)}:${hex((c! << 8) | d!)}`;
  return {
    compatible: [`::${quad}`, `::${pair}`, `0:0:0:0:0:0:${pair}`, `0000::${quad}`],
    translated: [`::ffff:0:${quad}`, `::ffff:0:${pair}`, `0:0:0:0:ffff:0:${pair}`],
    mapped: [`::ffff:${quad}`, `::ffff:${pair}`, `0:0:0:0:0:ffff:${pair}`, `0::FFFF:${quad}`],
  };
}
const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));

describe("webhook address policy", () => {
  it("refuses loopback, private, link-local, carrier-grade NAT, multicast and mapped spellings of them", () => {
    for (const address of [
      "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
      "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "fc00::abcd", "::ffff:127.0.0.1",
      "::ffff:7f00:1", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "not an ip",
    ]) expect(isPrivateAddress(address), address).toBe(true);
  });
  it("lets public addresses through", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
  it("refuses private literals and localhost names when saved, with WEBHOOK_URL_PRIVATE, unless private networks are allowed", async () => {
    for (const url of ["http://127.0.0.1:8080/x", "http://[::1]/x", "http://localhost/x", "https://api.localhost/x", "http://169.254.169.254/latest/meta-data"]) {
      await expect(assertPublicTarget(url, false), url).rejects.toSatisfy((e) => e instanceof FieldworkError && e.code === "WEBHOOK_URL_PRIVATE");
      await expect(assertPublicTarget(url, true)).resolves.toBeUndefined();
    }
    await expect(assertPublicTarget("https://93.184.216.34/x", false)).resolves.toBeUndefined();
  });

  it("refuses IPv4 inside IPv6 (::/96, ::ffff:0:0:0/96, and ::ffff:0:0/96 around a private IPv4) at save and at connect", async () => {
    for (const host of ["::127.0.0.1", "::7f00:1", "::ffff:0:127.0.0.1", "::ffff:0:7f00:1", "::10.0.0.1", "::a9fe:a9fe", "::ffff:127.0.0.1"]) {
      expect(isPrivateAddress(host), host).toBe(true);
      const url = `http://[${host}]:9/x`;
      await expect(assertPublicTarget(url, false), url).rejects.toSatisfy((e) => e instanceof FieldworkError && e.code === "WEBHOOK_URL_PRIVATE");
      const outcome = await sendRequest({ url, body: "{}", headers: {}, timeoutMs: 2000, allowPrivate: false });
      expect(outcome, url).toMatchObject({ http_status: null, refused: true });
    }
  });

  it("reads every spelling of an IPv6 address to the same 16 bytes", () => {
    expect(ipv6Bytes("::7f00:1")).toEqual([...Array<number>(12).fill(0), 127, 0, 0, 1]);
    expect(ipv6Bytes("::127.0.0.1")).toEqual(ipv6Bytes("0:0:0:0:0:0:7f00:1"));
    expect(ipv6Bytes("1::2::3")).toBeUndefined();
  });

  it("property: an IPv4 address embedded in IPv6 is refused when compatible or translated, and judged as itself when mapped", () => {
    fc.assert(fc.property(octets, (v4) => {
      const { compatible, translated, mapped } = embeddings(v4);
      for (const address of [...compatible, ...translated]) expect(isPrivateAddress(address), address).toBe(true);
      const verdict = isPrivateAddress(v4.join("."));
      for (const address of mapped) expect(isPrivateAddress(address), address).toBe(verdict);
      for (const address of [...compatible, ...translated, ...mapped]) {
        const host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
        expect(isPrivateAddress(host), `${address} as ${host}`).toBe(isPrivateAddress(address));
      }
    }), { numRuns: 300 });
  });
});
