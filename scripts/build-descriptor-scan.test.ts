import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { descriptorScanBytes, descriptorScanModule } from "./build-descriptor-scan.mjs";

describe("the descriptor scan's WebAssembly", () => {
  it("is the checked-in text compiled (run node scripts/build-descriptor-scan.mjs after editing the .wat)", async () => {
    const wat = fileURLToPath(new URL("../card-vision/descriptor-scan.wat", import.meta.url));
    const checkedIn = readFileSync(fileURLToPath(new URL("../card-vision/descriptor-scan-wasm.ts", import.meta.url)), "utf8");
    expect(checkedIn).toBe(descriptorScanModule(await descriptorScanBytes(wat)));
  });
});
