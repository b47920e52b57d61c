import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "../workers/lib/zod";
import { DECLARED_ROUTES } from "./declared-routes";
import { request, signUp, type Member } from "./helpers";

// Cases per route: 60 in `npm test`; `npm run check:full` sets FUZZ_RUNS=1000 (see vitest.config.ts).
const RUNS = Number(env.FUZZ_RUNS ?? "60");

const boundaryString = fc.oneof(
  fc.constant(""),
  fc.constant(" "),
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 150, maxLength: 6000 }),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("'; DROP TABLE users; --"),
  fc.constant("\u0000\uffff"),
);
const boundaryValue = fc.oneof(
  boundaryString,
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.constantFrom(0, -1, 1, 2, 3, 4, 8, 10, 11, 33, 501, Number.MAX_SAFE_INTEGER, 1.5, NaN),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer()), { maxLength: 5 }),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Random objects over the schema's own keys (valid-looking shapes), or any JSON at all. */
function bodyArbitrary(schema: z.ZodType | undefined) {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const shaped = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), boundaryValue, { maxKeys: keys.length })
    : fc.dictionary(fc.string({ maxLength: 8 }), boundaryValue, { maxKeys: 4 });
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue() });
}

function queryArbitrary(schema: z.ZodType | undefined) {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : ["q"];
  return fc.dictionary(fc.constantFrom(...keys), fc.oneof(boundaryString, fc.integer().map(String)), { maxKeys: keys.length });
}

const pathArbitrary = (path: string) =>
  fc
    .array(fc.oneof(fc.uuid(), fc.constantFrom("0", "-1", "%00", "x".repeat(120), "mtg", "scry-gather")), {
      minLength: 4,
      maxLength: 4,
    })
    .map((ids) => {
      let i = 0;
      return path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(ids[i++ % ids.length]));
    });

let member: Member;

/**
 * Deleting the account ends the fuzzing member's session: fuzzed before the others, it left every later route
 * fuzzed signed out only. It goes last, and the test before it checks the member is still signed in.
 */
const ENDS_THE_SESSION = (d: { method: string; path: string }) => d.method.toUpperCase() === "DELETE" && d.path === "/api/user/account";
const FUZZED = DECLARED_ROUTES.filter((d) => !["/api/logout", "/api/login/dev"].includes(d.path));
const ORDERED = [...FUZZED.filter((d) => !ENDS_THE_SESSION(d)), ...FUZZED.filter(ENDS_THE_SESSION)];

describe("fuzzing every /api route", () => {
  it("fuzzes the account's deletion last, and only it", () => {
    expect(ORDERED.filter(ENDS_THE_SESSION)).toHaveLength(1);
    expect(ENDS_THE_SESSION(ORDERED[ORDERED.length - 1])).toBe(true);
  });

  it.each(ORDERED.map((d) => [d.method.toUpperCase(), d.path, d] as const))(
    "%s %s never answers 5xx",
    async (method, _path, doc) => {
      member ??= await signUp("Fuzz");
      if (ENDS_THE_SESSION(doc)) {
        // Every route before this one was fuzzed signed in: the member's session is still good.
        const me = await request("/api/user/settings", { cookie: member.cookie });
        await me.body?.cancel();
        expect(me.status).toBe(200);
      }
      await fc.assert(
        fc.asyncProperty(pathArbitrary(doc.path), bodyArbitrary(doc.body), queryArbitrary(doc.query), async (path, body, query) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await request(`${path}${qs ? `?${qs}` : ""}`, {
            method,
            body: method === "GET" || method === "DELETE" ? undefined : body,
            cookie: member.cookie,
          });
          await res.body?.cancel();
          expect(res.status).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it("still serves normally afterwards", async () => {
    const res = await request("/api/communities");
    expect(res.status).toBe(200);
  });
});
