import { describe, expect, it } from "vitest";
import { allowsPrivateWebhooks, MAX_WEBHOOK_ATTEMPTS, retryBaseSeconds, retryDelaySeconds, webhookUrlProblem } from "./webhook-rules";

describe("webhookUrlProblem", () => {
  it.each([
    "https://bot.example.com/hooks/realmcast",
    "https://hooks.example.org:8443/x?y=1",
    "https://8.8.8.8/hook",
    "https://[2606:4700::1111]/hook",
    "https://[::ffff:8.8.8.8]/hook",
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
  ])("refuses the private name %s", (url) => {
    expect(webhookUrlProblem(url, false)).toContain("public host name");
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

describe("retries", () => {
  it("doubles the delay from the base after each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(1, 0)).toBe(0);
    expect(retryDelaySeconds(40, 30)).toBe(43_200);
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(6);
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
