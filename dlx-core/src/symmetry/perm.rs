//! One symmetry of a problem: a permutation of its items and the permutation of its options
//! that goes with it.

use std::collections::HashMap;

use crate::problem::{ItemId, OptionId, Problem};

use super::SymmetryError;

/// A symmetry (automorphism) of a problem: a permutation of the items that keeps each
/// item's kind (primary or secondary), together with the permutation of the options it
/// induces: option `o` goes to the option whose entries are `o`'s entries with their items
/// mapped (colours kept). Two options with the same entries are matched in their order in
/// the problem, so swapping duplicates is not counted as a symmetry.
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::Automorphism;
/// // Two items that play the same part: swapping them swaps the first two options.
/// let p = parse("a b c\na c\nb c\na b\n").unwrap();
/// let swap = Automorphism::from_item_names(&p, &[vec!["a", "b"]]).unwrap();
/// let image: Vec<usize> = p.options().map(|o| swap.option(o).index()).collect();
/// assert_eq!(image, [1, 0, 2]);
/// assert_eq!(swap.order(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Automorphism {
    items: Vec<u32>,
    options: Vec<u32>,
}

/// An option's entries as `(item, colour)` pairs, colour 0 for none, sorted.
pub(crate) fn entries(problem: &Problem, option: OptionId) -> Vec<(u32, u32)> {
    let mut e: Vec<(u32, u32)> = problem
        .option(option)
        .map(|en| (en.item.index() as u32, en.color.map_or(0, |c| c.get())))
        .collect();
    e.sort_unstable();
    e
}

impl Automorphism {
    /// The identity of `problem`.
    pub fn identity(problem: &Problem) -> Self {
        Automorphism {
            items: (0..problem.num_items() as u32).collect(),
            options: (0..problem.num_options() as u32).collect(),
        }
    }

    /// The symmetry that maps item `i` to `items[i]`; an error if that is not a permutation
    /// of the items keeping their kinds, or if some option's image is not an option.
    pub fn from_items(problem: &Problem, items: &[ItemId]) -> Result<Self, SymmetryError> {
        let n = problem.num_items();
        if items.len() != n {
            return Err(SymmetryError::NotAPermutation(format!(
                "{} items given for a problem of {n}",
                items.len()
            )));
        }
        let map: Vec<u32> = items.iter().map(|i| i.index() as u32).collect();
        check_permutation(&map, n, "item")?;
        for item in problem.items() {
            let image = items[item.index()];
            if problem.item_kind(item).is_primary() != problem.item_kind(image).is_primary() {
                return Err(SymmetryError::KindChanged {
                    from: problem.item_name(item).to_string(),
                    to: problem.item_name(image).to_string(),
                });
            }
        }
        // Options by their entries; duplicates matched in order.
        let mut by_entries: HashMap<Vec<(u32, u32)>, Vec<u32>> = HashMap::new();
        for o in problem.options() {
            by_entries
                .entry(entries(problem, o))
                .or_default()
                .push(o.index() as u32);
        }
        let mut taken: HashMap<Vec<(u32, u32)>, usize> = HashMap::new();
        let mut options = Vec::with_capacity(problem.num_options());
        for o in problem.options() {
            let mut image: Vec<(u32, u32)> = entries(problem, o)
                .into_iter()
                .map(|(i, c)| (map[i as usize], c))
                .collect();
            image.sort_unstable();
            let Some(candidates) = by_entries.get(&image) else {
                return Err(SymmetryError::NoImage(problem.option_text(o)));
            };
            let k = taken.entry(image).or_insert(0);
            options.push(candidates[*k % candidates.len()]);
            *k += 1;
        }
        Ok(Automorphism {
            items: map,
            options,
        })
    }

    /// The symmetry given by cycles of item names (`[["a", "b"], ["c", "d", "e"]]`: `a` and
    /// `b` swapped, `c` to `d` to `e` to `c`); items not named stay where they are.
    pub fn from_item_names<S: AsRef<str>>(
        problem: &Problem,
        cycles: &[Vec<S>],
    ) -> Result<Self, SymmetryError> {
        let mut map: Vec<ItemId> = problem.items().collect();
        let mut moved = vec![false; map.len()];
        for cycle in cycles {
            let ids = cycle
                .iter()
                .map(|name| {
                    problem
                        .find_item(name.as_ref())
                        .ok_or_else(|| SymmetryError::UnknownItem(name.as_ref().to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            for (k, &id) in ids.iter().enumerate() {
                if std::mem::replace(&mut moved[id.index()], true) {
                    return Err(SymmetryError::NotAPermutation(format!(
                        "item `{}` named twice",
                        problem.item_name(id)
                    )));
                }
                map[id.index()] = ids[(k + 1) % ids.len()];
            }
        }
        Self::from_items(problem, &map)
    }

    /// The symmetry that maps option `o` to `options[o]`, its item permutation worked out
    /// from the options: an error if no permutation of the items induces it.
    pub fn from_options(problem: &Problem, options: &[OptionId]) -> Result<Self, SymmetryError> {
        let m = problem.num_options();
        if options.len() != m {
            return Err(SymmetryError::NotAPermutation(format!(
                "{} options given for a problem of {m}",
                options.len()
            )));
        }
        let omap: Vec<u32> = options.iter().map(|o| o.index() as u32).collect();
        check_permutation(&omap, m, "option")?;
        let n = problem.num_items();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        for o in problem.options() {
            for e in problem.option(o) {
                lists[e.item.index()].push(o.index() as u32);
            }
        }
        // Items by (kind, sorted options); an item goes to one whose options are its
        // options' images.
        let mut by_list: HashMap<(bool, Vec<u32>), Vec<u32>> = HashMap::new();
        for item in problem.items() {
            let mut l = lists[item.index()].clone();
            l.sort_unstable();
            by_list
                .entry((problem.item_kind(item).is_primary(), l))
                .or_default()
                .push(item.index() as u32);
        }
        let mut taken: HashMap<(bool, Vec<u32>), usize> = HashMap::new();
        let mut items = Vec::with_capacity(n);
        for item in problem.items() {
            let mut image: Vec<u32> = lists[item.index()]
                .iter()
                .map(|&o| omap[o as usize])
                .collect();
            image.sort_unstable();
            let key = (problem.item_kind(item).is_primary(), image);
            let Some(candidates) = by_list.get(&key) else {
                return Err(SymmetryError::NoItemImage(
                    problem.item_name(item).to_string(),
                ));
            };
            let k = taken.entry(key).or_insert(0);
            items.push(ItemId::new(candidates[*k % candidates.len()]));
            *k += 1;
        }
        let found = Self::from_items(problem, &items)?;
        if found.options != omap {
            // Only duplicates can differ: check that each option goes to one with the
            // same entries as the one asked for.
            for o in problem.options() {
                let asked = OptionId::new(omap[o.index()]);
                let got = found.option(o);
                if entries(problem, asked) != entries(problem, got) {
                    return Err(SymmetryError::NoImage(problem.option_text(o)));
                }
            }
        }
        Ok(Automorphism {
            items: found.items,
            options: omap,
        })
    }

    /// Where the symmetry sends an item.
    pub fn item(&self, item: ItemId) -> ItemId {
        ItemId::new(self.items[item.index()])
    }

    /// Where the symmetry sends an option.
    pub fn option(&self, option: OptionId) -> OptionId {
        OptionId::new(self.options[option.index()])
    }

    /// The option permutation, by index.
    pub(crate) fn option_map(&self) -> &[u32] {
        &self.options
    }

    /// The item permutation, by index.
    pub(crate) fn item_map(&self) -> &[u32] {
        &self.items
    }

    /// True for the identity.
    pub fn is_identity(&self) -> bool {
        self.items.iter().enumerate().all(|(i, &j)| i as u32 == j)
            && self.options.iter().enumerate().all(|(i, &j)| i as u32 == j)
    }

    /// `self` after `first`: `x ↦ self(first(x))`.
    pub fn after(&self, first: &Automorphism) -> Automorphism {
        Automorphism {
            items: first
                .items
                .iter()
                .map(|&i| self.items[i as usize])
                .collect(),
            options: first
                .options
                .iter()
                .map(|&o| self.options[o as usize])
                .collect(),
        }
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Automorphism {
        let mut items = vec![0; self.items.len()];
        for (i, &j) in self.items.iter().enumerate() {
            items[j as usize] = i as u32;
        }
        let mut options = vec![0; self.options.len()];
        for (i, &j) in self.options.iter().enumerate() {
            options[j as usize] = i as u32;
        }
        Automorphism { items, options }
    }

    /// The least `k ≥ 1` with `selfᵏ` the identity.
    pub fn order(&self) -> usize {
        let mut power = self.clone();
        let mut k = 1;
        while !power.is_identity() {
            power = self.after(&power);
            k += 1;
        }
        k
    }

    /// The cycles of the item permutation (of length 2 or more), each from its least item.
    pub fn item_cycles(&self) -> Vec<Vec<ItemId>> {
        let mut seen = vec![false; self.items.len()];
        let mut cycles = Vec::new();
        for start in 0..self.items.len() {
            if seen[start] || self.items[start] as usize == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                cycle.push(ItemId::new(i as u32));
                i = self.items[i] as usize;
            }
            cycles.push(cycle);
        }
        cycles
    }
}

/// An error unless `map` is a permutation of `0..n`.
fn check_permutation(map: &[u32], n: usize, what: &str) -> Result<(), SymmetryError> {
    let mut seen = vec![false; n];
    for &x in map {
        let x = x as usize;
        if x >= n {
            return Err(SymmetryError::NotAPermutation(format!(
                "{what} {x} out of range (the problem has {n})"
            )));
        }
        if std::mem::replace(&mut seen[x], true) {
            return Err(SymmetryError::NotAPermutation(format!(
                "{what} {x} is the image of two {what}s"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    #[test]
    fn items_and_options_agree_both_ways() {
        let p = parse("a b | x\na x:1\nb x:1\na x:2\nb x:2\n").unwrap();
        let s = Automorphism::from_item_names(&p, &[vec!["a", "b"]]).unwrap();
        let options: Vec<OptionId> = p.options().map(|o| s.option(o)).collect();
        assert_eq!(
            options.iter().map(|o| o.index()).collect::<Vec<_>>(),
            [1, 0, 3, 2]
        );
        assert_eq!(Automorphism::from_options(&p, &options).unwrap(), s);
        assert!(s.after(&s).is_identity());
        assert_eq!(s.inverse(), s);
    }

    #[test]
    fn non_symmetries_are_refused() {
        let p = parse("a b | x\na x\nb\n").unwrap();
        assert!(matches!(
            Automorphism::from_item_names(&p, &[vec!["a", "b"]]),
            Err(SymmetryError::NoImage(_))
        ));
        assert!(matches!(
            Automorphism::from_item_names(&p, &[vec!["a", "x"]]),
            Err(SymmetryError::KindChanged { .. })
        ));
        assert!(matches!(
            Automorphism::from_item_names(&p, &[vec!["a", "q"]]),
            Err(SymmetryError::UnknownItem(_))
        ));
        let swap = [OptionId::new(1), OptionId::new(0)];
        assert!(Automorphism::from_options(&p, &swap).is_err());
    }
}
