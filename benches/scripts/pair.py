#!/usr/bin/env python3
"""pair.py ROUNDS OUT BIN1 BIN2 [BIN...] -- FILES: whole-process wall time of `BIN variant FILE`,
binaries interleaved per puzzle and round; same stdout checked; medians per puzzle."""
import subprocess, sys, time, statistics, os, math, json
args = sys.argv[1:]
rounds = int(args[0]); out = args[1]
sep = args.index('--')
bins = args[2:sep]; files = args[sep+1:]
extra = os.environ.get('EXTRA', '').split()
res = {}
with open(out, 'w') as f:
    for fn in files:
        times = {b: [] for b in bins}; outs = {}
        for r in range(rounds):
            for b in bins:
                t = time.perf_counter()
                p = subprocess.run([b, 'variant', fn] + extra, capture_output=True, timeout=120)
                dt = time.perf_counter() - t
                times[b].append(dt)
                outs.setdefault(b, p.stdout)
        meds = [statistics.median(times[b]) for b in bins]
        same = all(outs[b] == outs[bins[0]] for b in bins)
        line = os.path.basename(fn) + ' ' + ' '.join(f'{m*1000:.1f}' for m in meds) + ' ' + ' '.join(f'{m/meds[0]:.3f}' for m in meds[1:]) + (' same' if same else ' DIFFERENT')
        print(line, flush=True); f.write(line + '\n')
        res[fn] = meds
    for i, b in enumerate(bins):
        col = [m[i] for m in res.values()]
        s = f'{b}: median {statistics.median(col)*1000:.1f} ms, max {max(col)*1000:.1f} ms, total {sum(col):.2f} s'
        if i: s += f', geomean ratio {math.exp(statistics.mean(math.log(m[i]/m[0]) for m in res.values())):.3f}'
        print(s); f.write(s + '\n')
