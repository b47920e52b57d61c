;; The keypoint fit's inner loop (card-vision/descriptor-scan.ts): one 256-bit descriptor against n others, the
;; indices and distances of those nearer than a cap written out. WebAssembly's SIMD counts a 16-byte lane's bits in
;; one instruction (i8x16.popcnt); JavaScript has no popcount. Compiled by scripts/build-descriptor-scan.mjs into
;; descriptor-scan-wasm.ts (a test checks the two agree).
(module
  (memory (export "memory") 1)
  ;; below(q, r, n, cap, indexOut, distanceOut) -> how many of the n descriptors at r (32 bytes each) lie under cap
  ;; bits from the one at q; their indices (i32) and distances (i32) go to indexOut and distanceOut, in order.
  (func (export "below") (param $q i32) (param $r i32) (param $n i32) (param $cap i32) (param $idx i32) (param $dst i32) (result i32)
    (local $a v128) (local $b v128) (local $s v128) (local $k i32) (local $d i32) (local $found i32)
    (local.set $a (v128.load (local.get $q)))
    (local.set $b (v128.load offset=16 (local.get $q)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        ;; each byte's bits (at most 16 a lane over both halves), then summed pairwise to four 32-bit lanes
        (local.set $s
          (i32x4.extadd_pairwise_i16x8_u
            (i16x8.extadd_pairwise_i8x16_u
              (i8x16.add
                (i8x16.popcnt (v128.xor (local.get $a) (v128.load (local.get $r))))
                (i8x16.popcnt (v128.xor (local.get $b) (v128.load offset=16 (local.get $r))))))))
        (local.set $d
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $s)) (i32x4.extract_lane 1 (local.get $s)))
            (i32.add (i32x4.extract_lane 2 (local.get $s)) (i32x4.extract_lane 3 (local.get $s)))))
        (if (i32.lt_u (local.get $d) (local.get $cap))
          (then
            (i32.store (i32.add (local.get $idx) (i32.shl (local.get $found) (i32.const 2))) (local.get $k))
            (i32.store (i32.add (local.get $dst) (i32.shl (local.get $found) (i32.const 2))) (local.get $d))
            (local.set $found (i32.add (local.get $found) (i32.const 1)))))
        (local.set $r (i32.add (local.get $r) (i32.const 32)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (local.get $found))
)
