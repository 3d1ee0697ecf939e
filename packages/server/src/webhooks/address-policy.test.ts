import { FieldworkError } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { assertPublicTarget, isPrivateAddress } from "./address-policy";

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
});
