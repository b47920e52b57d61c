// The keypoint fit's inner loop: one click descriptor against every descriptor of the references a fit weighs
// (~750 × ~10,000 pairs on a click the hash left unclear), keeping those under a cap. JavaScript has no popcount
// instruction; WebAssembly's SIMD counts a 16-byte lane's bits in one (`descriptor-scan.wat`), measured ~4× quicker
// for the same matches (docs/cards.md, "Where a click's CPU goes"). Where WebAssembly cannot be compiled at run time
// (workerd forbids it; a page whose policy forbids it; a browser without SIMD) the same scan runs in JavaScript and
// finds exactly the same descriptors.
import { DESCRIPTOR_SCAN_WASM } from "./descriptor-scan-wasm";
import type { Features } from "./features";
import { distance256Below } from "./popcount";

const DESC_BYTES = 32;
const DESC_WORDS = DESC_BYTES / 4;

/** Every descriptor of a few references, scanned against one query descriptor at a time. */
export type DescriptorScan = {
  /** Which inner loop runs: WebAssembly SIMD, or JavaScript where that cannot be compiled. */
  kind: "wasm-simd" | "js";
  /** Reference r's descriptors are numbers starts[r] to starts[r + 1] - 1 of the scan. */
  starts: Int32Array;
  /**
   * The scan's descriptors nearer than `cap` bits to query descriptor `qi` (its first word's index in `q`): how many,
   * their numbers in `index` and distances in `distance`, in the scan's order (valid until the next call).
   */
  below(q: Uint32Array, qi: number, cap: number): number;
  index: Int32Array;
  distance: Int32Array;
};

type Kernel = {
  memory: WebAssembly.Memory;
  below: (q: number, r: number, n: number, cap: number, index: number, distance: number) => number;
};

let kernel: Kernel | null | undefined;

/** The WebAssembly kernel, compiled once a thread; null where it cannot be (then the JavaScript scan runs). */
function wasmKernel(): Kernel | null {
  if (kernel !== undefined) return kernel;
  try {
    const bytes = Uint8Array.from(atob(DESCRIPTOR_SCAN_WASM), (c) => c.charCodeAt(0));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    kernel = instance.exports as unknown as Kernel;
  } catch {
    kernel = null;
  }
  return kernel;
}

/** Which inner loop `descriptorScan` uses on this thread (for the bench and the page's measures). */
export function descriptorScanKind(): DescriptorScan["kind"] {
  return wasmKernel() ? "wasm-simd" : "js";
}

function startsOf(refs: Features[]): Int32Array {
  const starts = new Int32Array(refs.length + 1);
  for (let r = 0; r < refs.length; r++) starts[r + 1] = starts[r] + refs[r].count;
  return starts;
}

/** A scan of `refs`' descriptors, in order; `js` forces the JavaScript loop (to compare the two). */
export function descriptorScan(refs: Features[], options: { js?: boolean } = {}): DescriptorScan {
  const k = options.js ? null : wasmKernel();
  return k ? wasmScan(k, refs) : jsScan(refs);
}

function wasmScan(k: Kernel, refs: Features[]): DescriptorScan {
  const starts = startsOf(refs);
  const n = starts[refs.length];
  // The memory: the query (32 bytes), the references' descriptors, then the found numbers and distances.
  const refAt = DESC_BYTES;
  const indexAt = refAt + n * DESC_BYTES;
  const distanceAt = indexAt + n * 4;
  const need = distanceAt + n * 4;
  const have = k.memory.buffer.byteLength;
  if (have < need) k.memory.grow(Math.ceil((need - have) / 65536));
  const buffer = k.memory.buffer;
  const bytes = new Uint8Array(buffer);
  const words = new Uint32Array(buffer);
  for (let r = 0; r < refs.length; r++) {
    const d = refs[r].desc;
    bytes.set(new Uint8Array(d.buffer, d.byteOffset, refs[r].count * DESC_BYTES), refAt + starts[r] * DESC_BYTES);
  }
  const index = new Int32Array(buffer, indexAt, n);
  const distance = new Int32Array(buffer, distanceAt, n);
  return {
    kind: "wasm-simd",
    starts,
    index,
    distance,
    below(q, qi, cap) {
      for (let w = 0; w < DESC_WORDS; w++) words[w] = q[qi + w];
      return k.below(0, refAt, n, cap, indexAt, distanceAt);
    },
  };
}

function jsScan(refs: Features[]): DescriptorScan {
  const starts = startsOf(refs);
  const n = starts[refs.length];
  const all = new Uint32Array(n * DESC_WORDS);
  for (let r = 0; r < refs.length; r++) all.set(refs[r].desc.subarray(0, refs[r].count * DESC_WORDS), starts[r] * DESC_WORDS);
  const index = new Int32Array(n);
  const distance = new Int32Array(n);
  return {
    kind: "js",
    starts,
    index,
    distance,
    below(q, qi, cap) {
      let found = 0;
      for (let j = 0, at = 0; j < n; j++, at += DESC_WORDS) {
        // Exact when under the cap (popcount.ts): the same descriptors and distances as the WebAssembly loop.
        const d = distance256Below(q, qi, all, at, cap);
        if (d < cap) {
          index[found] = j;
          distance[found++] = d;
        }
      }
      return found;
    },
  };
}
