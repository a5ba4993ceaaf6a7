;; The push of BitBoard.pushInto as WebAssembly (SIMD for the column push): the state
;; layout of layout.ts, one i32 word per row, 5 groups of N rows (openings n, s, e, w,
;; then R), then the goal's row and column (0-based). Word indices, not bytes, are
;; passed in; the states at `from` and `to` must not overlap. Compiled by
;; scripts/build-wasm.mjs (wabt) into src/generated/push-kernel.js; read by
;; push-kernel.ts. Docs: docs/notes/2026-11-29-search-speed-ups.md ("The push in WebAssembly").
(module
  (import "env" "memory" (memory 1))

  ;; a row push (east when $east is 1): copy the state, rotate the row's five words
  ;; across the wraparound, move the goal along the row
  (func $row (param $fb i32) (param $tb i32) (param $line i32) (param $n i32) (param $east i32)
    (local $top i32) (local $full i32) (local $k i32) (local $at i32) (local $w i32) (local $g i32) (local $c i32)
    (local.set $top (i32.sub (local.get $n) (i32.const 1)))
    (local.set $full (select (i32.const -1)
      (i32.sub (i32.shl (i32.const 1) (local.get $n)) (i32.const 1))
      (i32.eq (local.get $n) (i32.const 32))))
    ;; 5N + 2 words
    (memory.copy (local.get $tb) (local.get $fb)
      (i32.shl (i32.add (i32.mul (local.get $n) (i32.const 5)) (i32.const 2)) (i32.const 2)))
    (local.set $k (i32.const 0))
    (block $done (loop $groups
      (br_if $done (i32.eq (local.get $k) (i32.const 5)))
      (local.set $at (i32.add (local.get $tb)
        (i32.shl (i32.add (i32.mul (local.get $k) (local.get $n)) (local.get $line)) (i32.const 2))))
      (local.set $w (i32.load (local.get $at)))
      (i32.store (local.get $at)
        (if (result i32) (local.get $east)
          (then (i32.and (i32.or (i32.shl (local.get $w) (i32.const 1)) (i32.shr_u (local.get $w) (local.get $top))) (local.get $full)))
          (else (i32.or (i32.shr_u (local.get $w) (i32.const 1)) (i32.shl (i32.and (local.get $w) (i32.const 1)) (local.get $top))))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $groups)))
    (local.set $g (i32.add (local.get $tb) (i32.shl (i32.mul (local.get $n) (i32.const 5)) (i32.const 2))))
    (if (i32.eq (i32.load (local.get $g)) (local.get $line))
      (then
        (local.set $c (i32.load offset=4 (local.get $g)))
        (i32.store offset=4 (local.get $g)
          (if (result i32) (local.get $east)
            (then (select (i32.const 0) (i32.add (local.get $c) (i32.const 1)) (i32.eq (local.get $c) (local.get $top))))
            (else (select (local.get $top) (i32.sub (local.get $c) (i32.const 1)) (i32.eqz (local.get $c)))))))))

  ;; a column push (north when $north is 1): row r's bit of the column comes from row
  ;; r - 1 (north) or r + 1 (south), across the wraparound within each group. All 5N
  ;; words are written four at a time as if the groups were one column, then the word
  ;; at each group's wrapping end is written again from its own group.
  (func $column (param $fb i32) (param $tb i32) (param $line i32) (param $n i32) (param $north i32)
    (local $bit i32) (local $keep i32) (local $vb v128) (local $vk v128) (local $i i32) (local $end i32)
    (local $k i32) (local $g i32) (local $gr i32) (local $top i32)
    (local.set $top (i32.sub (local.get $n) (i32.const 1)))
    (local.set $bit (i32.shl (i32.const 1) (local.get $line)))
    (local.set $keep (i32.xor (local.get $bit) (i32.const -1)))
    (local.set $vb (i32x4.splat (local.get $bit)))
    (local.set $vk (i32x4.splat (local.get $keep)))
    (local.set $end (i32.shl (i32.mul (local.get $n) (i32.const 5)) (i32.const 2)))
    (if (local.get $north)
      (then
        ;; bytes i = 4 .. 4(5N - 1): to[i] = from[i] & keep | from[i - 4] & bit
        (local.set $i (i32.const 4))
        (block $done (loop $v
          (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
          (v128.store (i32.add (local.get $tb) (local.get $i))
            (v128.or
              (v128.and (v128.load (i32.add (local.get $fb) (local.get $i))) (local.get $vk))
              (v128.and (v128.load (i32.sub (i32.add (local.get $fb) (local.get $i)) (i32.const 4))) (local.get $vb))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $v)))
        (block $done2 (loop $s
          (br_if $done2 (i32.ge_u (local.get $i) (local.get $end)))
          (i32.store (i32.add (local.get $tb) (local.get $i))
            (i32.or
              (i32.and (i32.load (i32.add (local.get $fb) (local.get $i))) (local.get $keep))
              (i32.and (i32.load (i32.sub (i32.add (local.get $fb) (local.get $i)) (i32.const 4))) (local.get $bit))))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (br $s)))
        ;; each group's row 0 takes its bit from the group's top row
        (local.set $k (i32.const 0))
        (block $done3 (loop $starts
          (br_if $done3 (i32.ge_u (local.get $k) (local.get $end)))
          (i32.store (i32.add (local.get $tb) (local.get $k))
            (i32.or
              (i32.and (i32.load (i32.add (local.get $fb) (local.get $k))) (local.get $keep))
              (i32.and (i32.load (i32.add (i32.add (local.get $fb) (local.get $k)) (i32.shl (local.get $top) (i32.const 2)))) (local.get $bit))))
          (local.set $k (i32.add (local.get $k) (i32.shl (local.get $n) (i32.const 2))))
          (br $starts))))
      (else
        ;; bytes i = 0 .. 4(5N - 2): to[i] = from[i] & keep | from[i + 4] & bit
        (local.set $i (i32.const 0))
        (block $done (loop $v
          (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 20)) (local.get $end)))
          (v128.store (i32.add (local.get $tb) (local.get $i))
            (v128.or
              (v128.and (v128.load (i32.add (local.get $fb) (local.get $i))) (local.get $vk))
              (v128.and (v128.load offset=4 (i32.add (local.get $fb) (local.get $i))) (local.get $vb))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $v)))
        (block $done2 (loop $s
          (br_if $done2 (i32.ge_u (i32.add (local.get $i) (i32.const 4)) (local.get $end)))
          (i32.store (i32.add (local.get $tb) (local.get $i))
            (i32.or
              (i32.and (i32.load (i32.add (local.get $fb) (local.get $i))) (local.get $keep))
              (i32.and (i32.load offset=4 (i32.add (local.get $fb) (local.get $i))) (local.get $bit))))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (br $s)))
        ;; each group's top row takes its bit from the group's row 0
        (local.set $k (i32.const 0))
        (block $done3 (loop $ends
          (br_if $done3 (i32.ge_u (local.get $k) (local.get $end)))
          (local.set $g (i32.add (local.get $k) (i32.shl (local.get $top) (i32.const 2))))
          (i32.store (i32.add (local.get $tb) (local.get $g))
            (i32.or
              (i32.and (i32.load (i32.add (local.get $fb) (local.get $g))) (local.get $keep))
              (i32.and (i32.load (i32.add (local.get $fb) (local.get $k))) (local.get $bit))))
          (local.set $k (i32.add (local.get $k) (i32.shl (local.get $n) (i32.const 2))))
          (br $ends)))))
    ;; the goal rides along its column
    (local.set $gr (i32.load (i32.add (local.get $fb) (local.get $end))))
    (if (i32.eq (i32.load offset=4 (i32.add (local.get $fb) (local.get $end))) (local.get $line))
      (then (local.set $gr
        (if (result i32) (local.get $north)
          (then (select (i32.const 0) (i32.add (local.get $gr) (i32.const 1)) (i32.eq (local.get $gr) (local.get $top))))
          (else (select (local.get $top) (i32.sub (local.get $gr) (i32.const 1)) (i32.eqz (local.get $gr))))))))
    (i32.store (i32.add (local.get $tb) (local.get $end)) (local.get $gr))
    (i32.store offset=4 (i32.add (local.get $tb) (local.get $end))
      (i32.load offset=4 (i32.add (local.get $fb) (local.get $end)))))

  ;; move m (0 <= m < 4N: e, w, n, s on line m % N) from the state at word `from`
  ;; into the state at word `to`
  (func (export "push") (param $from i32) (param $to i32) (param $m i32) (param $n i32)
    (local $dir i32) (local $line i32)
    (local.set $dir (i32.div_u (local.get $m) (local.get $n)))
    (local.set $line (i32.sub (local.get $m) (i32.mul (local.get $dir) (local.get $n))))
    (if (i32.lt_u (local.get $dir) (i32.const 2))
      (then (call $row (i32.shl (local.get $from) (i32.const 2)) (i32.shl (local.get $to) (i32.const 2))
        (local.get $line) (local.get $n) (i32.eqz (local.get $dir))))
      (else (call $column (i32.shl (local.get $from) (i32.const 2)) (i32.shl (local.get $to) (i32.const 2))
        (local.get $line) (local.get $n) (i32.eq (local.get $dir) (i32.const 2)))))))
