// Issue 36: the keypoint fit's inner loop in workerd, which forbids compiling WebAssembly at run time (Cloudflare's
// rule for Workers): the scan falls back to its JavaScript loop and finds exactly what a full count finds.
import { describe, expect, it } from "vitest";
import { descriptorScan, descriptorScanKind } from "../card-vision/descriptor-scan";
import { DESC_WORDS, seeded, type Features } from "../card-vision/features";
import { descriptorDistance } from "../card-vision/features-fit";

function features(next: () => number, count: number): Features {
  const desc = Uint32Array.from({ length: count * DESC_WORDS }, () => Math.floor(next() * 2 ** 32) >>> 0);
  return { count, desc, x: new Float32Array(count), y: new Float32Array(count) };
}

describe("the descriptor scan in workerd", () => {
  it("runs the JavaScript loop and finds every descriptor under the cap, in order, with its distance", () => {
    expect(descriptorScanKind()).toBe("js");
    const next = seeded(3);
    const refs = [features(next, 50), features(next, 70)];
    const query = features(next, 20);
    const scan = descriptorScan(refs);
    expect(scan.kind).toBe("js");
    let found = 0;
    for (let i = 0; i < query.count; i++) {
      const count = scan.below(query.desc, i * DESC_WORDS, 129);
      const got = Array.from({ length: count }, (_, e) => [scan.index[e], scan.distance[e]]);
      const all = refs.flatMap((ref) => Array.from({ length: ref.count }, (_, j) => descriptorDistance(query.desc, i, ref.desc, j)));
      expect(got).toEqual(all.flatMap((d, n) => (d < 129 ? [[n, d]] : [])));
      found += count;
    }
    expect(found).toBeGreaterThan(0);
  });
});
