import { describe, expect, it } from "vitest";
import type { CardDto } from "../../contract/cards";
import type { CardSource } from "./card-source";
import { MAX_REMEMBERED_MISSING, MISSING_ID_MEMORY_MS, MissingIdMemory, RememberingMissingIds } from "./missing-ids";

const sol = { id: "sol", name: "Sol Ring" } as CardDto;

/** A source that knows one card and counts how often it is asked by id. */
function countingSource() {
  const asked: string[] = [];
  const source: CardSource = {
    autocomplete: async () => [],
    named: async () => null,
    byId: async (id) => {
      asked.push(id);
      return id === sol.id ? sol : null;
    },
    collection: async () => ({ cards: [], notFound: [] }),
    printings: async () => [],
    bulkFiles: async () => [],
  };
  return { source, asked };
}

describe("ids the card service does not know (issue 35)", () => {
  it("are remembered as missing for an hour, per API base, then asked again", async () => {
    let now = 0;
    const memory = new MissingIdMemory(() => now);
    const { source, asked } = countingSource();
    const remembering = new RememberingMissingIds(source, "https://api.example", memory);
    expect(await remembering.byId("NOPE")).toBeNull();
    expect(await remembering.byId("nope")).toBeNull();
    now = MISSING_ID_MEMORY_MS - 1;
    expect(await remembering.byId("nope")).toBeNull();
    expect(asked).toEqual(["NOPE"]);
    // Another API base (another service, a test's lane) asks for itself.
    expect(await new RememberingMissingIds(source, "https://other.example", memory).byId("nope")).toBeNull();
    expect(asked).toHaveLength(2);
    now = MISSING_ID_MEMORY_MS;
    expect(await remembering.byId("nope")).toBeNull();
    expect(asked).toHaveLength(3);
  });

  it("never remembers a card that exists, and forgets the oldest past its size", async () => {
    const memory = new MissingIdMemory(() => 0);
    const { source, asked } = countingSource();
    const remembering = new RememberingMissingIds(source, "b", memory);
    expect(await remembering.byId("sol")).toEqual(sol);
    expect(await remembering.byId("sol")).toEqual(sol);
    expect(asked).toEqual(["sol", "sol"]);
    for (let i = 0; i <= MAX_REMEMBERED_MISSING; i++) memory.remember("b", `id-${i}`);
    expect(memory.has("b", "id-0")).toBe(false);
    expect(memory.has("b", "id-1")).toBe(true);
    expect(memory.has("b", `id-${MAX_REMEMBERED_MISSING}`)).toBe(true);
  });
});
