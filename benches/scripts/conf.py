#!/usr/bin/env python3
"""conf.py BIN FILES... (env CONFIGS="A=1;B=2" each config an env assignment list, '-' none):
--engine sat --stats per file and config: conflicts and user time."""
import subprocess, sys, os, re, resource, math, statistics
bin_ = sys.argv[1]; files = sys.argv[2:]
configs = os.environ.get('CONFIGS', '-').split(';')
tot = {c: [0, 0.0, []] for c in configs}
for f in files:
    row = [os.path.basename(f)[:28]]
    for c in configs:
        env = dict(os.environ)
        if c != '-':
            for kv in c.split(','):
                k, v = kv.split('='); env[k] = v
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        try:
            p = subprocess.run([bin_, 'variant', f, '--engine', 'sat', '--stats'], capture_output=True, text=True, env=env, timeout=float(os.environ.get('LIMIT', '60')))
            conf = int(re.search(r'(\d+) conflicts', p.stderr)[1]); ans = p.stdout.strip().split('\n')[-1]
        except subprocess.TimeoutExpired:
            conf = -1; ans = 'timeout'
        u = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - r0
        tot[c][0] += max(conf, 0); tot[c][1] += u; tot[c][2].append(max(conf, 1))
        row += [str(conf), f'{u:.2f}', ans[:8]]
    print(' '.join(row), flush=True)
for c, (n, u, l) in tot.items():
    print(f'{c}: conflicts {n} (geomean {math.exp(statistics.mean(map(math.log, l))):.0f}), user {u:.1f} s')
