#!/usr/bin/env bash
# Times two commands from outside, in turn (A B A B ...), and prints the medians of the
# pairs' ratios A/B: wall seconds and CPU seconds (user + system, as the kernel accounts
# the finished process and the children it waited for; bash's `time`). Pairing keeps a
# ratio meaningful when the machine's speed drifts during the call. This is how the A/B
# figures of BENCHMARKS.md and docs/ were taken: each run is a whole process (start-up
# included), after warm-up runs that are not counted.
#
#   scripts/ab-pairs.sh [-n PAIRS] [--warmup W] [--timeout S] --vs 'COMMAND_B' -- COMMAND_A [ARG ...]
#
# -n        pairs to time (default 5)
# --warmup  runs of each command first, not counted (default 1)
# --timeout no new pair is started once the call has run this many seconds (default: none)
# --vs      command B (the baseline), one string split as the shell splits words
#
# A command's output is thrown away and its standard input is empty; its exit status is
# printed with each run (a command that failed is still timed: read the status).
set -euo pipefail

usage() {
  sed -n '9,14p' "$0" | sed 's/^# \{0,1\}//'
}

pairs=5
warmup=1
limit=0
vs=""
while [ $# -gt 0 ]; do
  case "$1" in
    -n) pairs=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --vs) vs=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
if [ $# -eq 0 ] || [ -z "$vs" ]; then
  usage >&2
  exit 2
fi
a=("$@")
eval "b=($vs)"

# one CMD...: prints "wall cpu status" of one run of CMD.
one() {
  local TIMEFORMAT='%R %U %S' times
  times=$({ time "$@" </dev/null >/dev/null 2>&1; } 2>&1 && echo 0 || echo $?)
  # shellcheck disable=SC2086
  set -- $times
  awk -v w="$1" -v u="$2" -v s="$3" -v st="$4" 'BEGIN { printf "%.3f %.3f %d\n", w, u + s, st }'
}

for _ in $(seq 1 "$warmup"); do
  one "${a[@]}" >/dev/null
  one "${b[@]}" >/dev/null
done

rows=""
SECONDS=0
for i in $(seq 1 "$pairs"); do
  if [ "$limit" -gt 0 ] && [ "$SECONDS" -ge "$limit" ]; then
    echo "time bound of $limit s reached after $((i - 1)) pair(s)" >&2
    break
  fi
  read -r aw ac as < <(one "${a[@]}")
  read -r bw bc bs < <(one "${b[@]}")
  printf 'pair %d: A wall %s cpu %s (exit %s), B wall %s cpu %s (exit %s)\n' \
    "$i" "$aw" "$ac" "$as" "$bw" "$bc" "$bs"
  rows+="$aw $ac $bw $bc"$'\n'
done

printf '%s' "$rows" | awk '
  function median(v, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  function line(name, v, n,   lo, hi, i) {
    lo = v[1]; hi = v[1]
    for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
    printf "%-14s median %.3f (min %.3f, max %.3f)\n", name, median(v, n), lo, hi
  }
  NF == 4 { n++; aw[n] = $1; ac[n] = $2; bw[n] = $3; bc[n] = $4
            rw[n] = $3 > 0 ? $1 / $3 : 0; rc[n] = $4 > 0 ? $2 / $4 : 0 }
  END {
    if (n == 0) { print "no pair timed"; exit 1 }
    printf "%d pair(s)\n", n
    line("A wall s", aw, n); line("B wall s", bw, n)
    line("A cpu s", ac, n); line("B cpu s", bc, n)
    line("A/B wall", rw, n); line("A/B cpu", rc, n)
  }'
