#!/usr/bin/env python3
"""iss_run.py OUT BIN [BIN2] -- FILES: each file once per binary (interleaved), 30 s limit;
answer checked against the file's solution; time whole process."""
import subprocess, sys, time, re, statistics, os
a = sys.argv[1:]; out = a[0]; sep = a.index('--'); bins = a[1:sep]; files = a[sep+1:]
extra = os.environ.get('EXTRA', '').split()
lim = float(os.environ.get('LIMIT', '30'))
rows = []
with open(out, 'w') as f:
    for fn in files:
        sol = re.search(r'solution = "([^"]+)"', open(fn).read())
        sol = sol[1].replace(' ', '') if sol else None
        row = [os.path.basename(fn)]
        for b in bins:
            t = time.perf_counter()
            try:
                p = subprocess.run([b, 'variant', fn] + extra, capture_output=True, timeout=lim, text=True)
                dt = time.perf_counter() - t
                digits = ''.join(ch for ch in p.stdout.split('unique')[0] if ch.isdigit())
                verdict = p.stdout.strip().split('\n')[-1]
                ok = 'right' if sol and digits[:81] == sol and verdict == 'unique' else ('nosol?' if not sol else 'WRONG:' + verdict)
                conf = re.search(r'(\d+) conflicts', p.stderr)
            except subprocess.TimeoutExpired:
                dt = lim; ok = 'timeout'; conf = None
            row += [f'{dt:.3f}', ok, conf[1] if conf else '-']
        line = ' '.join(row); print(line, flush=True); f.write(line + '\n'); rows.append(row)
    for i, b in enumerate(bins):
        ts = sorted(float(r[1 + 3*i]) for r in rows)
        s = f'{b}: median {statistics.median(ts):.3f} s, max {ts[-1]:.3f}, total {sum(ts):.1f}, right {sum(r[2+3*i]=="right" for r in rows)}/{len(rows)}'
        print(s); f.write(s + '\n')
