#!/bin/bash
# rIC3 -e ic3 --rseed SEED on the 120 files pdrkit and rIC3 both solved in
# ../2026-12-05-peers-retry-20s (both-solved.txt), 20 s each, two at a time; one line per file:
# file, num_solve, the RESULT line. Usage (repo root): ric3-seeds.sh SEED BENCHMARKS > OUT.tsv
S=$1; B=$2
dir=$(dirname "$0")
xargs -P 2 -I{} bash -c 'out=$(timeout 20 rIC3 -e ic3 --rseed '"$S"' '"$B"'/{} 2>&1)
  q=$(echo "$out" | grep -o "num_solve: [0-9]*" | tail -1 | grep -o "[0-9]*")
  r=$(echo "$out" | grep -o "^RESULT: .*" | tail -1)
  printf "%s\t%s\t%s\n" {} "$q" "$r"' < "$dir/both-solved.txt"
