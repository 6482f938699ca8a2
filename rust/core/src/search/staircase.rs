//! The staircase of the sweep: the (middle, front) pairs not beaten by
//! another, with the settings they stand for ([`Found`]).

use super::tables::SettingIdx;

/// A setting accepted by the sweep; `alive` turns false when a later setting
/// with the same back value beats it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Found {
    /// The setting and its row values, in the layout the sweep reports (so
    /// that reporting copies it whole rather than field by field).
    pub(super) item: (SettingIdx, [u32; 3]),
    pub(super) alive: bool,
}

impl Found {
    pub(super) fn new(front: u16, middle: u16, back: usize, values: [u32; 3]) -> Found {
        let setting = SettingIdx {
            front,
            middle,
            back: back as u16,
        };
        Found {
            item: (setting, values),
            alive: true,
        }
    }
}

/// Staircases up to this many steps are searched by counting (see
/// [`count_while`]), longer ones by bisection.
pub(super) const COUNTED_STEPS: usize = 64;

/// How many of `xs` satisfy `pred`, which must hold on a prefix of `xs`
/// and nowhere after it (a partition point). Short slices are counted
/// branch-free, which vectorises and has no chain of dependent loads (each
/// step of a bisection waits on the previous one's load). Long ones
/// (frontiers of the unordered sweep) are bisected.
#[inline(always)]
pub(super) fn count_while(xs: &[u32], pred: impl Fn(u32) -> bool) -> usize {
    if xs.len() <= COUNTED_STEPS {
        xs.iter().map(|&x| u32::from(pred(x))).sum::<u32>() as usize
    } else {
        xs.partition_point(|&x| pred(x))
    }
}

/// The (middle, front) pairs not beaten by another pair, middle ascending and
/// therefore front descending, with the index of their `Found`: three
/// parallel lists, so that a search reads only the row it compares.
#[derive(Default)]
pub(super) struct Staircase {
    pub(super) middles: Vec<u32>,
    pub(super) fronts: Vec<u32>,
    pub(super) found: Vec<usize>,
    /// Spare lists for [`Staircase::merge`].
    pub(super) spare: (Vec<u32>, Vec<u32>, Vec<usize>),
}

impl Staircase {
    /// 1 + the best front among steps with middle >= `middle`, 0 if none: a
    /// pair (middle, f) is weakly beaten exactly when this exceeds `f`.
    #[inline(always)]
    pub(super) fn best_front(&self, middle: u32) -> u32 {
        let i = count_while(&self.middles, |m| m < middle);
        self.fronts.get(i).map_or(0, |f| f + 1)
    }

    /// The best middle among steps with front >= `front` (0 if none): a pair
    /// (m, f) with f <= `front` is weakly beaten when m is not above it.
    #[inline(always)]
    pub(super) fn best_middle(&self, front: u32) -> u32 {
        // Fronts descend along the steps, so those >= `front` are a prefix.
        let i = count_while(&self.fronts, |f| f >= front);
        match i.checked_sub(1) {
            Some(j) => self.middles.get(j).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Merges `found[first..]` into the staircase: pairs that `best_front`
    /// says are not weakly beaten, middles strictly descending (so fronts
    /// strictly ascending), all of one back value. The steps they beat
    /// weakly go; a dropped step with the same back value is beaten in all
    /// three rows, so its setting leaves the frontier. One pass over the
    /// steps into the spare lists, which then swap in.
    pub(super) fn merge(&mut self, first: usize, found: &mut [Found]) {
        let Some(back) = found.get(first).map(|x| x.item.1[2]) else {
            return;
        };
        let (mut ms, mut fs, mut xs) = std::mem::take(&mut self.spare);
        ms.clear();
        fs.clear();
        xs.clear();
        // New pairs still to place: found[first..j], middles ascending from j - 1 down.
        let mut j = found.len();
        for k in 0..self.middles.len() {
            let (m, f, x) = (self.middles[k], self.fronts[k], self.found[k]);
            while j > first {
                let [nf, nm, _] = found[j - 1].item.1;
                if nm >= m {
                    break;
                }
                ms.push(nm);
                fs.push(nf);
                xs.push(j - 1);
                j -= 1;
            }
            // The first new pair with middle >= m has the best front of those.
            if j > first && found[j - 1].item.1[0] >= f {
                if let Some(old) = found.get_mut(x).filter(|o| o.item.1[2] == back) {
                    old.alive = false;
                }
            } else {
                ms.push(m);
                fs.push(f);
                xs.push(x);
            }
        }
        while j > first {
            let [nf, nm, _] = found[j - 1].item.1;
            ms.push(nm);
            fs.push(nf);
            xs.push(j - 1);
            j -= 1;
        }
        let old = (
            std::mem::replace(&mut self.middles, ms),
            std::mem::replace(&mut self.fronts, fs),
            std::mem::replace(&mut self.found, xs),
        );
        self.spare = old;
    }

    /// Inserts a pair that `best_front` says is not weakly beaten, dropping the
    /// steps it beats; a dropped step with the same back value is beaten in all
    /// three rows, so its setting leaves the frontier.
    pub(super) fn insert(&mut self, middle: u32, front: u32, idx: usize, found: &mut [Found]) {
        let end = count_while(&self.middles, |m| m <= middle);
        let start = count_while(self.fronts.get(..end).unwrap_or(&[]), |f| f > front);
        let back = found.get(idx).map_or(u32::MAX, |x| x.item.1[2]);
        for &s in self.found.get(start..end).unwrap_or(&[]) {
            if let Some(x) = found.get_mut(s).filter(|x| x.item.1[2] == back) {
                x.alive = false;
            }
        }
        if start == end {
            self.middles.insert(start, middle);
            self.fronts.insert(start, front);
            self.found.insert(start, idx);
        } else if let (Some(m), Some(f), Some(x)) = (
            self.middles.get_mut(start),
            self.fronts.get_mut(start),
            self.found.get_mut(start),
        ) {
            // The first beaten step takes the new one's place; the others go.
            (*m, *f, *x) = (middle, front, idx);
            self.middles.drain(start + 1..end);
            self.fronts.drain(start + 1..end);
            self.found.drain(start + 1..end);
        }
    }
}
