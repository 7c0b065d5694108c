#!/usr/bin/env python3
"""iss_convert.py DUMP.jsonl OUTDIR: Interactive Sudoku Solver's puzzles (as iss_dump.mjs
wrote them: canonical constraint strings) as dlx's TOML, one file each. Knows the
constraints of ISS's hard collections: Cage (a sum of 0 is no sum), Renban, Thermo,
Diagonal, AntiKing, AntiKnight and givens; any other stops it with its name."""
import json, re, sys, os
out = sys.argv[2]; os.makedirs(out, exist_ok=True)
def cells(parts): return ' '.join(p.lower() for p in parts)
for line in open(sys.argv[1]):
    p = json.loads(line)
    name = re.sub(r'[^A-Za-z0-9]+', '-', p['name']).strip('-')
    coll = p['coll']
    givens = ['.'] * 81
    body = []
    globals_ = []
    for item in p['text'].split('.')[1:]:
        f = item.split('~')
        kind = f[0]
        if kind == 'Cage':
            s = f[1]; cs = f[2:]
            body.append('[[killer]]\ncells = "%s"%s\n' % (cells(cs), '\nsum = %s' % s if s and s != '0' else ''))
        elif kind == 'Renban':
            body.append('[[renban]]\ncells = "%s"\n' % cells(f[1:]))
        elif kind == 'Thermo':
            body.append('[[thermometer]]\ncells = "%s"\n' % cells(f[1:]))
        elif kind == 'Diagonal':
            globals_.append('diagonal' if f[1] == '-1' else 'anti-diagonal')
        elif kind in ('AntiKing', 'AntiKnight') and len(f) == 1:
            globals_.append({'AntiKing': 'anti-king', 'AntiKnight': 'anti-knight'}[kind])
        elif kind == '':
            for g in f[1:]:
                m = re.match(r'R(\d)C(\d)_(\d)$', g)
                givens[(int(m[1])-1)*9 + int(m[2])-1] = m[3]
        else:
            raise SystemExit(f'unknown {kind} in {name}')
    g = ' '.join(''.join(givens[r*9:r*9+9]) for r in range(9))
    head = f'title = "{p["name"]}"\nsize = 9\ngivens = "{g}"\n'
    if p.get('solution'):
        s = p['solution']; head += 'solution = "%s"\n' % ' '.join(s[r*9:r*9+9] for r in range(9))
    if globals_:
        head += 'global = [%s]\n' % ', '.join(f'"{g}"' for g in globals_)
    prefix = {'EXTREME_KILLERS':'ek','HARD_RENBAN':'hr','HARD_THERMOS':'ht','HS_KILLERS':'hs','TAREK_ALL':'tk','MATHEMAGIC_KILLERS':'mm'}[coll]
    fn = f'{out}/{prefix}-{p["i"]+1:02d}-{name}.toml'
    open(fn, 'w').write(head + '\n' + '\n'.join(body))
