// iss_dump.mjs COLLECTION...: run from a checkout of github:sigh/Interactive-Sudoku-Solver,
// copied to its tools/ folder (it imports ISS's own parser), e.g.
//   cp iss_dump.mjs ISS/tools/ && cd ISS && node tools/iss_dump.mjs EXTREME_KILLERS HARD_RENBAN \
//       HARD_THERMOS HS_KILLERS TAREK_ALL MATHEMAGIC_KILLERS > dump.jsonl
// Prints each puzzle of the named collections as one JSON line: its collection, index,
// name, canonical constraint string and solution (when the collection gives one).
import { resolvePuzzles } from './lib/solver_analysis.js';
const { SudokuParser } = await import('../js/sudoku_parser.js' + self.VERSION_PARAM);
const { resolvePuzzleConfig } = await import('../data/example_puzzles.js' + self.VERSION_PARAM);
for (const coll of process.argv.slice(2)) {
  const puzzles = resolvePuzzles([coll]);
  puzzles.forEach((p, i) => {
    const input = typeof p.input === 'string' ? p.input : p.input;
    const c = SudokuParser.parseText(input);
    console.log(JSON.stringify({ coll, i, name: p.name || `${coll} #${i+1}`, text: c.toString(), solution: p.solution || null }));
  });
}
