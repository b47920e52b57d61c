import { describe, expect, it } from "vitest";
import {
  allowsPrivateWebhooks,
  checkWebhookUrl,
  MAX_WEBHOOK_ATTEMPTS,
  normaliseWebhookHost,
  pendingDeliveryTimes,
  retryBaseSeconds,
  retryDelaySeconds,
  webhookUrlProblem,
} from "./webhook-rules";

describe("webhookUrlProblem", () => {
  it.each([
    "https://bot.example.com/hooks/realmcast",
    "https://hooks.example.org:8443/x?y=1",
    "https://8.8.8.8/hook",
    "https://[2606:4700::1111]/hook",
    "https://[::ffff:8.8.8.8]/hook",
    "https://hooks.example.org:443/x",
    "https://bot.example.com./hook",
    // Addresses that carry a public IPv4 address are judged by it.
    "https://[::ffff:0:8.8.8.8]/",
    "https://[2002:808:808::1]/",
    "https://[64:ff9b::8.8.8.8]/",
  ])("accepts the public https address %s", (url) => {
    expect(webhookUrlProblem(url, false)).toBeNull();
  });

  it.each([
    ["http://bot.example.com/hook", "https"],
    ["ftp://bot.example.com/hook", "https"],
    ["not a url", "https"],
    ["https://user:pw@bot.example.com/", "user name"],
  ])("refuses %s (%s)", (url, word) => {
    expect(webhookUrlProblem(url, false)).toContain(word);
  });

  it.each([
    "https://127.0.0.1/",
    "https://127.1.2.3:8443/",
    "https://10.0.0.5/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.1.10/",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/",
    "https://100.127.255.255/",
    "https://0.0.0.0/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://[::1]/",
    "https://[::]/",
    "https://[fe80::1]/",
    "https://[fc00::1]/",
    "https://[fd12:3456::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::ffff:10.1.2.3]/",
    "https://[::ffff:169.254.169.254]/",
    "https://[64:ff9b::a00:1]/",
    // Trailing dots: a resolver reads 127.0.0.1.. as 127.0.0.1.
    "https://127.0.0.1../",
    "https://127.0.0.1./",
    "https://127.0.0.1.../",
    "https://0x7f.1../",
    "https://2130706433../",
    // IPv4-translated (::ffff:0:a.b.c.d), in both spellings.
    "https://[::ffff:0:127.0.0.1]/",
    "https://[::ffff:0:7f00:1]/",
    "https://[::ffff:0:a9fe:a9fe]/",
    // IPv4-compatible.
    "https://[::127.0.0.1]/",
    "https://[::a00:1]/",
    // 6to4: 2002:AABB:CCDD:: carries AA.BB.CC.DD.
    "https://[2002:7f00:1::]/",
    "https://[2002:a9fe:a9fe::1]/",
    "https://[2002:c0a8:0101:1::1]/",
    // Teredo: the client is the last 32 bits inverted (80ff:fffe is 127.0.0.1), the server groups 2-3.
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
    "https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/",
    "https://[2001:0:a00:1::1]/",
    // NAT64: the well-known prefix carries the address; the local-use prefix is refused whole.
    "https://[64:ff9b::127.0.0.1]/",
    "https://[64:ff9b::c0a8:1]/",
    "https://[64:ff9b:1::808:808]/",
    "https://[64:ff9b:1:ffff::1]/",
    // Other reserved IPv6 and IPv4.
    "https://[2001:db8::1]/",
    "https://[fec0::1]/",
    "https://[100::1]/",
    "https://192.0.2.1/",
    "https://198.51.100.7/",
    "https://203.0.113.9/",
  ])("refuses the private or loopback IP literal %s", (url) => {
    expect(webhookUrlProblem(url, false)).toContain("IP address");
  });

  it.each([
    "https://localhost/",
    "https://LOCALHOST:8787/",
    "https://api.localhost/",
    "https://printer.local/",
    "https://db.internal/",
    "https://intranet/",
    "https://localhost./",
    "https://localhost../",
    "https://LocalHost.../",
    "https://api.localhost../",
    "https://db.internal../",
    "https://intranet../",
  ])("refuses the private name %s", (url) => {
    expect(webhookUrlProblem(url, false)).toContain("public host name");
  });

  it.each([
    "https://bot.example.com:0/",
    "https://bot.example.com:22/",
    "https://bot.example.com:80/",
    "https://bot.example.com:8080/",
    "https://bot.example.com:6379/",
    "https://8.8.8.8:25/",
  ])("refuses %s: only 443 (the default) and 8443", (url) => {
    expect(webhookUrlProblem(url, false)).toBe("The address must use port 443 (the default) or 8443");
  });

  it("accepts the usual HTTPS ports: the default, 443 written out, and 8443", () => {
    expect(checkWebhookUrl("https://bot.example.com/h", false)).toEqual({ ok: true, url: "https://bot.example.com/h" });
    expect(checkWebhookUrl("https://bot.example.com:443/h", false)).toEqual({ ok: true, url: "https://bot.example.com/h" });
    expect(checkWebhookUrl("https://bot.example.com:8443/h", false)).toEqual({ ok: true, url: "https://bot.example.com:8443/h" });
  });

  it.each([
    "https://bot.example.com/hook\r\nX-Injected: 1",
    "https://bot.example.com/ho\nok",
    "https://bot.example.com/ho\tok",
    "https://bot.example.com/\u0000",
    "https://bot.example\r\n.com/",
    "https://bot.example.com/\u007f",
  ])("refuses control characters, which URL parsing would silently drop: %j", (url) => {
    expect(webhookUrlProblem(url, false)).toBe("The address cannot contain line breaks, tabs or other control characters");
    expect(webhookUrlProblem(url, true)).toBe("The address cannot contain line breaks, tabs or other control characters");
  });

  it("answers the URL to store as parsed and serialised again (URL.href), never the text as sent", () => {
    expect(checkWebhookUrl("HTTPS://Bot.Example.COM:443/a b/../hook?x=1#frag", false)).toEqual({
      ok: true,
      url: "https://bot.example.com/hook?x=1#frag",
    });
    expect(checkWebhookUrl("https://bot.example.com", false)).toEqual({ ok: true, url: "https://bot.example.com/" });
    expect(checkWebhookUrl("http://127.0.0.1:4567/hook", true)).toEqual({ ok: true, url: "http://127.0.0.1:4567/hook" });
    expect(checkWebhookUrl("https://localhost../", false)).toEqual({ ok: false, problem: "The address must be a public host name" });
  });

  it("lets local runs and tests use a receiver on this machine, only when WEBHOOK_ALLOW_PRIVATE_URLS is exactly 'true'", () => {
    expect(webhookUrlProblem("http://127.0.0.1:4567/hook", true)).toBeNull();
    expect(webhookUrlProblem("ftp://127.0.0.1/", true)).not.toBeNull();
    expect(allowsPrivateWebhooks("true")).toBe(true);
    expect(allowsPrivateWebhooks("TRUE")).toBe(false);
    expect(allowsPrivateWebhooks("1")).toBe(false);
    expect(allowsPrivateWebhooks(undefined)).toBe(false);
  });
});

describe("normaliseWebhookHost", () => {
  const host = (url: string) => normaliseWebhookHost(new URL(url).hostname);
  it("turns every spelling of an address into the address, once", () => {
    expect(host("https://127.0.0.1../")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://0x7f.1.../")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://[::ffff:0:7f00:1]/")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://[::ffff:7f00:1]/")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://[64:ff9b::7f00:1]/")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://[2002:7f00:1::]/")).toEqual({ kind: "ipv4", addresses: [[127, 0, 0, 1]] });
    expect(host("https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/")).toEqual({
      kind: "ipv4",
      addresses: [
        [65, 54, 227, 120],
        [127, 0, 0, 1],
      ],
    });
    expect(host("https://[::1]/")).toEqual({ kind: "ipv4", addresses: [[0, 0, 0, 1]] });
    expect(host("https://[2606:4700::1111]/")).toEqual({ kind: "ipv6", groups: [0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111] });
    expect(host("https://Bot.Example.com../")).toEqual({ kind: "name", name: "bot.example.com" });
  });
});

describe("retries", () => {
  it("doubles the delay from the base after each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(1, 0)).toBe(0);
    expect(retryDelaySeconds(40, 30)).toBe(43_200);
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(6);
  });

  it("takes a pending delivery for lost after the longest wait between attempts plus 10 minutes, and gives up after a day", () => {
    const minute = 60_000;
    // 30 s base: the last retry waits 8 minutes; the whole schedule is 15.5 minutes.
    expect(pendingDeliveryTimes(30)).toEqual({ staleMs: 18 * minute, giveUpMs: 24 * 60 * minute });
    // Tests retry at once: 10 minutes.
    expect(pendingDeliveryTimes(0)).toEqual({ staleMs: 10 * minute, giveUpMs: 24 * 60 * minute });
    // A slow schedule (an hour's base: 16 h before the last retry, capped at 12) is never cut short.
    const slow = pendingDeliveryTimes(3600);
    expect(slow.staleMs).toBe(12 * 60 * minute + 10 * minute);
    expect(slow.giveUpMs).toBe((1 + 2 + 4 + 8 + 12) * 60 * minute + slow.staleMs);
  });

  it("reads the base from WEBHOOK_RETRY_BASE_SECONDS, 30 by default", () => {
    expect(retryBaseSeconds(undefined)).toBe(30);
    expect(retryBaseSeconds("")).toBe(30);
    expect(retryBaseSeconds("abc")).toBe(30);
    expect(retryBaseSeconds("-1")).toBe(30);
    expect(retryBaseSeconds("0")).toBe(0);
    expect(retryBaseSeconds("5")).toBe(5);
  });
});
