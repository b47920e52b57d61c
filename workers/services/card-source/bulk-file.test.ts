import { describe, expect, it } from "vitest";
import { bulkPrinting, jsonArrayItems } from "./bulk-file";

/** A stream of the text cut into pieces of `size` bytes (cuts fall inside strings, escapes and multi-byte letters). */
function streamOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

const collect = async (stream: ReadableStream<Uint8Array>) => {
  const items: unknown[] = [];
  for await (const item of jsonArrayItems(stream)) items.push(item);
  return items;
};

describe("jsonArrayItems", () => {
  const cards = [
    { id: "a", name: "Æther Vial", text: 'says "hi" {and} [brackets] \\ and \\"', faces: [{ n: 1 }, { n: [2, { m: 3 }] }] },
    { id: "b", name: "Lim-Dûl's Vault", nested: { deep: { deeper: [] } } },
    { id: "c", name: "Sol Ring" },
  ];

  it("reads every item of an array, one card a line as Scryfall writes it, whatever the chunk size", async () => {
    const text = `[\n${cards.map((c) => JSON.stringify(c)).join(",\n")}\n]\n`;
    for (const size of [1, 3, 7, 64, 100_000]) expect(await collect(streamOf(text, size))).toEqual(cards);
  });

  it("reads a compact array and an empty one", async () => {
    expect(await collect(streamOf(JSON.stringify(cards), 5))).toEqual(cards);
    expect(await collect(streamOf("[]", 1))).toEqual([]);
  });
});

describe("bulkPrinting", () => {
  const base = { object: "card", id: "x", name: "Opt", set: "XLN", collector_number: "65" };

  it("keeps a paper printing with its small picture (a double-faced card's front face)", () => {
    expect(bulkPrinting({ ...base, image_uris: { small: "https://i/small.jpg" } })).toEqual({
      id: "x",
      name: "Opt",
      set: "xln",
      collectorNumber: "65",
      smallImageUrl: "https://i/small.jpg",
    });
    expect(bulkPrinting({ ...base, card_faces: [{ image_uris: { small: "https://i/front.jpg" } }, {}] })?.smallImageUrl).toBe(
      "https://i/front.jpg",
    );
  });

  it("leaves out digital printings, printings without a picture and what is not a card", () => {
    expect(bulkPrinting({ ...base, digital: true, image_uris: { small: "https://i/s.jpg" } })).toBeNull();
    expect(bulkPrinting(base)).toBeNull();
    expect(bulkPrinting({ object: "card" })).toBeNull();
  });
});
