#!/bin/bash
# instr.sh BIN FILE [ENV=..]: instructions of `BIN variant FILE --engine sat` (callgrind)
bin=$1; f=$2; shift 2
env "$@" valgrind --tool=callgrind --callgrind-out-file=/dev/null $bin variant $f --engine sat 2>&1 >/dev/null | grep 'refs' | awk '{gsub(",","",$4); print $4}'
