//! Brute force on random small problems with a group imposed by construction: the totals,
//! the counts up to symmetry and the canonical solutions, against enumeration of every set
//! of options; and the group found contains the one imposed.

use std::collections::BTreeSet;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::format::parse;
use crate::problem::{ColorId, ItemId, OptionId, Problem, ProblemBuilder};
use crate::{verify, Solver};

/// A random problem and a permutation of its items that is a symmetry of it: random
/// options, each with all its images under the permutation.
fn random_symmetric(rng: &mut ChaCha8Rng) -> (Problem, Vec<ItemId>) {
    let primaries = 2 + (rng.next_u32() % 6) as usize;
    let secondaries = (rng.next_u32() % 3) as usize;
    let n = primaries + secondaries;
    // A random permutation of the primaries and one of the secondaries.
    let mut perm: Vec<usize> = (0..n).collect();
    for range in [0..primaries, primaries..n] {
        let mut part: Vec<usize> = range.clone().collect();
        for k in (1..part.len()).rev() {
            part.swap(k, (rng.next_u32() as usize) % (k + 1));
        }
        for (i, j) in range.zip(part) {
            perm[i] = j;
        }
    }
    let mut options: BTreeSet<Vec<(usize, u32)>> = BTreeSet::new();
    let wanted = 2 + (rng.next_u32() % 5) as usize;
    for _ in 0..wanted {
        let mut o: Vec<(usize, u32)> = Vec::new();
        let size = 1 + (rng.next_u32() % 3) as usize;
        for _ in 0..size {
            let i = (rng.next_u32() as usize) % n;
            if o.iter().any(|&(j, _)| j == i) {
                continue;
            }
            let c = if i >= primaries {
                rng.next_u32() % 3
            } else {
                0
            };
            o.push((i, c));
        }
        if !o.iter().any(|&(i, _)| i < primaries) {
            o.push((0, 0));
        }
        // The option and its images.
        let mut x = o;
        loop {
            x.sort_unstable();
            if !options.insert(x.clone()) {
                break;
            }
            x = x.iter().map(|&(i, c)| (perm[i], c)).collect();
        }
        if options.len() > 14 {
            break;
        }
    }
    let mut b = ProblemBuilder::new();
    for i in 0..n {
        if i < primaries {
            b.add_primary(format!("p{i}")).unwrap();
        } else {
            b.add_secondary(format!("s{i}")).unwrap();
        }
    }
    let colours = [b.color("A"), b.color("B")];
    for o in &options {
        let entries = o.iter().map(|&(i, c)| {
            (
                ItemId::new(i as u32),
                (c > 0).then(|| colours[c as usize - 1]),
            )
        });
        b.add_colored_option(entries).unwrap();
    }
    let perm = perm.into_iter().map(|i| ItemId::new(i as u32)).collect();
    (b.build().unwrap(), perm)
}

/// Every solution, by trying every set of options.
fn brute_force(p: &Problem) -> Vec<Vec<OptionId>> {
    let m = p.num_options();
    assert!(m <= 20);
    let mut out = Vec::new();
    'sets: for mask in 0u32..(1 << m) {
        let mut held = vec![0u32; p.num_items()];
        let mut colour: Vec<Option<Option<ColorId>>> = vec![None; p.num_items()];
        let chosen: Vec<OptionId> = (0..m as u32)
            .filter(|&o| mask >> o & 1 == 1)
            .map(OptionId::new)
            .collect();
        for &o in &chosen {
            for e in p.option(o) {
                let i = e.item.index();
                held[i] += 1;
                if !p.item_kind(e.item).is_primary() {
                    match colour[i] {
                        None => colour[i] = Some(e.color),
                        Some(c) if c.is_some() && c == e.color => {}
                        Some(_) => continue 'sets,
                    }
                }
            }
        }
        if p.items()
            .filter(|&i| p.item_kind(i).is_primary())
            .all(|i| held[i.index()] == 1)
        {
            out.push(chosen);
        }
    }
    out
}

#[test]
fn random_symmetric_problems_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let mut with_symmetry = 0;
    for _ in 0..300 {
        let (p, perm) = random_symmetric(&mut rng);
        if p.num_options() > 12 {
            continue;
        }
        let imposed = Automorphism::from_items(&p, &perm).expect("a symmetry by construction");
        let group = Group::new(&p, vec![imposed.clone()]).unwrap();
        let all = brute_force(&p);
        for s in &all {
            verify(&p, s).unwrap();
        }
        let orbits: BTreeSet<Vec<OptionId>> =
            all.iter().map(|s| canonical_form(&group, s)).collect();
        let count = SymmetricCounter::new(&p, &group)
            .up_to_symmetry(true)
            .count()
            .unwrap();
        assert_eq!(count.solutions, all.len() as u64, "{p:?}");
        assert_eq!(count.up_to_symmetry, Some(orbits.len() as u64));
        let canonical = all.iter().filter(|s| is_canonical(&group, s)).count();
        assert_eq!(canonical, orbits.len());
        let sizes: usize = all
            .iter()
            .filter(|s| is_canonical(&group, s))
            .map(|s| orbit_size(&group, s))
            .sum();
        assert_eq!(sizes, all.len());
        // Each fixed-point problem against the solutions each element fixes.
        for g in group.elements() {
            let fixed = all
                .iter()
                .filter(|s| {
                    let mut a = (*s).clone();
                    a.sort_unstable();
                    let mut b: Vec<OptionId> = s.iter().map(|&o| g.option(o)).collect();
                    b.sort_unstable();
                    a == b
                })
                .count();
            let folded = fixed_problem(&p, g).unwrap();
            assert_eq!(Solver::new(&folded).count().solutions, fixed as u64);
        }
        // The group found holds the one imposed, and is a group of symmetries.
        let found = find_group(&p).unwrap();
        assert!(found.elements().contains(&imposed));
        let by_found = SymmetricCounter::new(&p, &found)
            .up_to_symmetry(true)
            .threads(2)
            .count()
            .unwrap();
        assert_eq!(by_found.solutions, all.len() as u64);
        let orbits_found: BTreeSet<Vec<OptionId>> =
            all.iter().map(|s| canonical_form(&found, s)).collect();
        assert_eq!(by_found.up_to_symmetry, Some(orbits_found.len() as u64));
        // Cut into more pieces, some counted "before" (as a resumed run or a merge of work
        // units has them): the same counts.
        let counter = SymmetricCounter::new(&p, &group).up_to_symmetry(true);
        let pieces = counter.pieces(8).unwrap();
        let done: Vec<Option<crate::Counters>> = pieces
            .pieces
            .iter()
            .enumerate()
            .map(|(k, piece)| {
                (k % 2 == 0).then(|| {
                    let c = counter.count_piece(piece).unwrap();
                    crate::Counters {
                        solutions: c.solutions,
                        nodes: c.stats.nodes,
                        updates: c.stats.updates,
                    }
                })
            })
            .collect();
        let told = std::sync::Mutex::new(Vec::new());
        let resumed = counter
            .count_pieces(&pieces, &done, &|k, _| told.lock().unwrap().push(k))
            .unwrap();
        assert_eq!(resumed.solutions, all.len() as u64);
        assert_eq!(resumed.up_to_symmetry, Some(orbits.len() as u64));
        let told = told.into_inner().unwrap();
        assert_eq!(
            told,
            (1..pieces.pieces.len()).step_by(2).collect::<Vec<_>>()
        );
        // No larger group: every permutation of the items that is a symmetry is found
        // (small problems only).
        if p.num_items() <= 6 {
            assert_eq!(found.order(), all_symmetries(&p), "{p:?}");
        }
        if group.order() > 1 {
            with_symmetry += 1;
        }
    }
    assert!(with_symmetry > 100, "{with_symmetry}");
}

/// How many permutations of the items are symmetries (by trying them all).
fn all_symmetries(p: &Problem) -> usize {
    fn perms(k: usize, cur: &mut Vec<u32>, used: &mut Vec<bool>, out: &mut Vec<Vec<u32>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in 0..k {
            if !used[i] {
                used[i] = true;
                cur.push(i as u32);
                perms(k, cur, used, out);
                cur.pop();
                used[i] = false;
            }
        }
    }
    let mut all = Vec::new();
    perms(
        p.num_items(),
        &mut Vec::new(),
        &mut vec![false; p.num_items()],
        &mut all,
    );
    let mut distinct = BTreeSet::new();
    for perm in all {
        let items: Vec<ItemId> = perm.into_iter().map(ItemId::new).collect();
        if let Ok(a) = Automorphism::from_items(p, &items) {
            distinct.insert(format!("{a:?}"));
        }
    }
    distinct.len()
}

#[test]
fn budgets_and_cancellation_leave_counts_incomplete() {
    let p = parse("a b c d\na b\nb c\nc d\nd a\na\nb\nc\nd\n").unwrap();
    let group = find_group(&p).unwrap();
    assert_eq!(group.order(), 8);
    let full = SymmetricCounter::new(&p, &group)
        .up_to_symmetry(true)
        .count()
        .unwrap();
    assert_eq!(full.solutions, Solver::new(&p).count().solutions);
    assert_eq!(full.solutions, 7);
    // Up to the square's symmetries: none, one domino, two dominoes.
    assert_eq!(full.up_to_symmetry, Some(3));
    let cut = SymmetricCounter::new(&p, &group)
        .node_budget(1)
        .count()
        .unwrap();
    assert!(!cut.is_complete());
    assert!(cut.solutions <= 7);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = SymmetricCounter::new(&p, &group)
        .cancel_flag(flag)
        .count()
        .unwrap();
    assert_eq!(cancelled.stop, Some(crate::StopReason::Cancelled));
    assert_eq!(cancelled.up_to_symmetry, None);
    // On threads too, and no piece is told finished.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let counter = SymmetricCounter::new(&p, &group)
        .cancel_flag(flag)
        .threads(2)
        .up_to_symmetry(true);
    let pieces = counter.pieces(4).unwrap();
    let told = std::sync::atomic::AtomicUsize::new(0);
    let cancelled = counter
        .count_pieces(&pieces, &vec![None; pieces.pieces.len()], &|_, _| {
            told.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
    assert_eq!(cancelled.stop, Some(crate::StopReason::Cancelled));
    assert_eq!(cancelled.up_to_symmetry, None);
    assert_eq!(told.into_inner(), 0);
    // A piece from elsewhere is refused, never counted as nothing.
    let bad = Piece::Leaf {
        options: vec![99],
        weight: 1,
    };
    let counter = SymmetricCounter::new(&p, &group);
    assert!(matches!(
        counter.count_piece(&bad),
        Err(SymmetryError::BadPiece(_))
    ));
    let clash = Piece::Leaf {
        options: vec![0, 1],
        weight: 1,
    };
    assert!(matches!(
        counter.count_piece(&clash),
        Err(SymmetryError::BadPiece(_))
    ));
}

#[test]
fn a_problem_without_symmetry_has_the_trivial_group() {
    let p = parse("a b c d\na b\nb c\nc d\na\n").unwrap();
    let group = find_group(&p).unwrap();
    assert_eq!(group.order(), 1);
    let count = SymmetricCounter::new(&p, &group)
        .up_to_symmetry(true)
        .count()
        .unwrap();
    assert_eq!(count.subproblems, 1);
    assert_eq!((count.solutions, count.up_to_symmetry), (1, Some(1)));
}
