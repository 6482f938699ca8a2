//! The opponent model of the fast solver: how strong the rows of an opponent
//! who plays the same strategy are, learned by self-play (`train.rs`), and
//! the model file.
//!
//! Per row (front, middle, back) the model holds the distribution of the
//! opponent's row over the hand classes — the 455 three-card and 7,462
//! five-card values, indexed by their ordinal rank — so the chance that a row
//! of ours wins, ties or loses is read off a cumulative table, monotone by
//! construction. Rows of one hand are not independent (a scoop needs all
//! three), so the model also holds the joint law of the opponent's three rows
//! as a copula: a `(G+1)^3` grid of `P(U_f < x, U_m < y, U_b < z)`, where `U`
//! is the opponent row's position on its own cumulative scale. Nothing here
//! depends on the payout method or the royalty table, so one file serves every
//! preset; the solver prices rows under the rules at run time.
//!
//! The shipped model is `data/model.bin`, embedded and parsed at first use.

use super::monotone::Defect;
use crate::error::{Error, Result};
use crate::eval::{classify, Wheel};
use crate::solve::train::Training;
use std::sync::LazyLock;

/// Distinct 3-card hand values (classes).
pub const CLASSES3: usize = 455;
/// Distinct 5-card hand values (classes).
pub const CLASSES5: usize = 7462;
/// Cells per axis of the copula grid.
pub const GRID: usize = 16;
const POINTS: usize = GRID + 1;
/// The ratio grid's length, padded to a power of two (>= POINTS³).
const RATIO_PAD: usize = 8192;
/// The first model format: the tables alone (the embedded model).
const MAGIC: &[u8; 8] = b"CPMODEL1";
/// The tables followed by what the model was trained under ([`Training`]).
const MAGIC2: &[u8; 8] = b"CPMODEL2";

/// Sorted class values of one wheel position: `(three, five)`.
struct ClassLists {
    three: ClassList,
    five: ClassList,
}

/// Value bits below the coarse index of a [`ClassList`]: the category and
/// the first two rank nibbles select a short run of classes.
const INDEX_SHIFT: u32 = 12;

/// The sorted values of a set of classes with a coarse index for
/// [`ClassList::ordinal`].
pub struct ClassList {
    values: Vec<u32>,
    /// `start[k]`: the ordinal of the first class with `value >> INDEX_SHIFT
    /// >= k`.
    start: Vec<u16>,
}

impl ClassList {
    fn new(values: Vec<u32>) -> ClassList {
        let top = values.last().map_or(0, |&v| v >> INDEX_SHIFT) + 2;
        let start = (0..top)
            .map(|k| values.partition_point(|&c| c >> INDEX_SHIFT < k) as u16)
            .collect();
        ClassList { values, start }
    }

    /// The class values, ascending.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// [`ordinal`] through the coarse index: a search within the classes
    /// that share the value's top bits.
    #[inline]
    pub fn ordinal(&self, value: u32) -> usize {
        let n = self.values.len();
        let k = (value >> INDEX_SHIFT) as usize;
        let at = |k: usize| self.start.get(k).map_or(n, |&s| s as usize);
        let (lo, hi) = (at(k), at(k + 1));
        let run = self.values.get(lo..hi).unwrap_or(&[]);
        (lo + run.partition_point(|&c| c < value)).min(n.saturating_sub(1))
    }
}

fn build_classes(wheel: Wheel) -> ClassLists {
    let mut five = Vec::with_capacity(CLASSES5);
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        let r = [a, b, c, d, e];
                        if a == e {
                            continue; // five of a rank
                        }
                        five.push(classify(&r, false, wheel));
                        if a < b && b < c && c < d && d < e {
                            five.push(classify(&r, true, wheel));
                        }
                    }
                }
            }
        }
    }
    let mut three = Vec::with_capacity(CLASSES3);
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                three.push(classify(&[a, b, c], false, wheel));
            }
        }
    }
    for v in [&mut five, &mut three] {
        v.sort_unstable();
        v.dedup();
    }
    ClassLists {
        three: ClassList::new(three),
        five: ClassList::new(five),
    }
}

static LOWEST: LazyLock<ClassLists> = LazyLock::new(|| build_classes(Wheel::Lowest));
static SECOND: LazyLock<ClassLists> = LazyLock::new(|| build_classes(Wheel::SecondHighest));

fn lists(wheel: Wheel) -> &'static ClassLists {
    match wheel {
        Wheel::Lowest => &LOWEST,
        Wheel::SecondHighest => &SECOND,
    }
}

/// The sorted values of the 3-card (`size == 3`) or 5-card classes under a
/// wheel position; a value's index is its ordinal.
///
/// ```
/// use chinese_poker_core::{eval::Wheel, solve::model::classes};
/// assert_eq!(classes(Wheel::Lowest, 5).len(), 7462);
/// assert_eq!(classes(Wheel::Lowest, 3).len(), 455);
/// ```
pub fn classes(wheel: Wheel, size: usize) -> &'static [u32] {
    class_list(wheel, size).values()
}

/// [`classes`] with its index for fast ordinals.
pub fn class_list(wheel: Wheel, size: usize) -> &'static ClassList {
    let l = lists(wheel);
    if size == 3 {
        &l.three
    } else {
        &l.five
    }
}

/// The ordinal of a hand value among `classes` (sorted); a value that is no
/// class gets the ordinal of the next class up, clamped to the last.
#[inline]
pub fn ordinal(classes: &[u32], value: u32) -> usize {
    classes
        .partition_point(|&c| c < value)
        .min(classes.len().saturating_sub(1))
}

/// A coordinate of [`Model::joint_at`] with its grid cell found: the cell
/// index and the position inside it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cell {
    u: f64,
    i: usize,
    t: f64,
}

impl Cell {
    /// Coordinate 1 (`Cell::new(1.0)`): the last cell, at its far end.
    pub const ONE: Cell = Cell {
        u: 1.0,
        i: GRID - 1,
        t: 1.0,
    };

    /// The coordinate itself.
    #[inline]
    pub fn value(self) -> f64 {
        self.u
    }

    /// The cell of coordinate `u` (clamped to [0, 1] for the look-up).
    #[inline]
    pub fn new(u: f64) -> Cell {
        let t = u.clamp(0.0, 1.0) * GRID as f64;
        let i = (t as usize).min(GRID - 1);
        Cell {
            u,
            i,
            t: t - i as f64,
        }
    }

    /// The coordinate, the cell index (below [`GRID`]) and the position in
    /// the cell, to keep compactly and rebuild by [`Cell::from_parts`].
    #[inline]
    pub fn parts(self) -> (f64, u8, f64) {
        (self.u, self.i as u8, self.t)
    }

    /// The cell whose [`Cell::parts`] these are (an index out of range is
    /// clamped).
    #[inline(always)]
    pub fn from_parts(u: f64, index: u8, t: f64) -> Cell {
        Cell {
            u,
            i: usize::from(index).min(GRID - 1),
            t,
        }
    }
}

/// Distribution of one opponent row over its classes, as a cumulative table.
#[derive(Clone, Debug, PartialEq)]
pub struct RowTable {
    /// `cdf[o]` = P(opponent row's ordinal < o); `cdf.len()` = classes + 1.
    cdf: Vec<f64>,
    /// The masses as stored in the file.
    mass: Vec<f32>,
}

impl RowTable {
    fn from_mass(mass: Vec<f32>) -> RowTable {
        let total: f64 = mass.iter().map(|&m| f64::from(m)).sum();
        let scale = if total > 0.0 { 1.0 / total } else { 0.0 };
        let mut cdf = Vec::with_capacity(mass.len() + 1);
        let mut acc = 0.0;
        cdf.push(0.0);
        for &m in &mass {
            acc += f64::from(m) * scale;
            cdf.push(acc);
        }
        RowTable { cdf, mass }
    }

    /// Number of classes.
    pub fn len(&self) -> usize {
        self.mass.len()
    }

    /// True when the table has no classes.
    pub fn is_empty(&self) -> bool {
        self.mass.is_empty()
    }

    /// P(opponent row < class `o`): our row of class `o` wins.
    #[inline(always)]
    pub fn below(&self, o: usize) -> f64 {
        self.cdf[o.min(self.cdf.len() - 1)]
    }

    /// P(opponent row <= class `o`): one minus the chance our row loses.
    #[inline(always)]
    pub fn upto(&self, o: usize) -> f64 {
        self.cdf[(o + 1).min(self.cdf.len() - 1)]
    }

    /// P(opponent row's ordinal in `start..end`).
    #[inline]
    pub fn mass_between(&self, start: usize, end: usize) -> f64 {
        self.below(end) - self.below(start)
    }
}

/// Counts gathered by self-play, from which [`Model::fit`] builds a model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Ordinals `[front, middle, back]` of every played (compared) hand.
    pub rows: Vec<[u16; 3]>,
    /// Hands dealt.
    pub hands: u64,
    /// Hands that fouled.
    pub fouls: u64,
    /// Hands that declared a natural.
    pub naturals: u64,
    /// Ordered pairs of played hands compared.
    pub pairs: u64,
    /// Ordered pairs in which the first scooped the second.
    pub scoops: u64,
}

impl Tally {
    /// Adds another tally (order does not change the fitted model: the rows
    /// enter only through counts).
    pub fn merge(&mut self, other: Tally) {
        self.rows.extend(other.rows);
        self.hands += other.hands;
        self.fouls += other.fouls;
        self.naturals += other.naturals;
        self.pairs += other.pairs;
        self.scoops += other.scoops;
    }
}

/// The opponent model (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    rows: [RowTable; 3],
    /// `(GRID+1)^3` cumulative grid, index `(i * 17 + j) * 17 + k`.
    copula: Vec<f32>,
    /// The grid divided by the independent law `x·y·z` (what the joint
    /// interpolates: smooth where the grid itself is curved).
    ratio: Box<[f64; RATIO_PAD]>,
    /// Played hands behind the model.
    pub samples: u64,
    /// Chance that an opponent fouls.
    pub foul_rate: f64,
    /// Chance that a played hand scoops another played hand.
    pub scoop_rate: f64,
    /// Chance that an opponent declares a natural.
    pub natural_rate: f64,
    /// Treat the rows as independent (ignore the copula): for measuring what
    /// the joint model buys.
    pub independent: bool,
    /// What the model was trained under, when recorded (format 2).
    training: Option<Training>,
    /// [`Model::monotone_defect`], measured at first use.
    pub(super) defect: Defect,
}

static EMBEDDED: &[u8] = include_bytes!("../../data/model.bin");
static DEFAULT: LazyLock<Result<Model>> = LazyLock::new(|| Model::from_bytes(EMBEDDED));

fn bad(msg: impl Into<String>) -> Error {
    Error::Format {
        what: "model file".into(),
        reason: msg.into(),
    }
}

/// A little-endian reader over a file; its errors name the file's kind.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) what: &'static str,
}

impl Reader<'_> {
    /// An error about this file.
    pub(crate) fn bad(&self, msg: impl Into<String>) -> Error {
        Error::Format {
            what: self.what.into(),
            reason: msg.into(),
        }
    }
    /// Bytes not read yet.
    pub(crate) fn left(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }
    pub(crate) fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self
            .pos
            .checked_add(n)
            .ok_or_else(|| self.bad("overflow"))?;
        let Some(s) = self.bytes.get(self.pos..end) else {
            return Err(self.bad(format!(
                "truncated: {n} more bytes needed at byte {} of {}",
                self.pos,
                self.bytes.len()
            )));
        };
        self.pos = end;
        Ok(s)
    }
    pub(crate) fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    pub(crate) fn u16(&mut self) -> Result<u16> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    pub(crate) fn u32(&mut self) -> Result<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(crate) fn u64(&mut self) -> Result<u64> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    pub(crate) fn f64(&mut self) -> Result<f64> {
        Ok(f64::from_bits(self.u64()?))
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>> {
        let b = self.take(n.checked_mul(4).ok_or_else(|| self.bad("overflow"))?)?;
        Ok(b.chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// `copula / (x·y·z)` at every grid point; points on a zero face copy the
/// nearest interior point (the ratio's limit is finite there).
fn ratio_grid(copula: &[f32]) -> Box<[f64; RATIO_PAD]> {
    let g = GRID as f64;
    let mut out = Box::new([1.0; RATIO_PAD]);
    for i in 0..POINTS {
        for j in 0..POINTS {
            for k in 0..POINTS {
                let (a, b, c) = (i.max(1), j.max(1), k.max(1));
                let indep = (a * b * c) as f64 / (g * g * g);
                let v = f64::from(
                    copula
                        .get((a * POINTS + b) * POINTS + c)
                        .copied()
                        .unwrap_or(0.0),
                );
                out[(i * POINTS + j) * POINTS + k] = v / indep;
            }
        }
    }
    out
}

impl Model {
    /// The model shipped with the crate (`data/model.bin`), parsed once.
    ///
    /// ```
    /// let m = chinese_poker_core::solve::Model::embedded().unwrap();
    /// assert!(m.samples > 0);
    /// ```
    pub fn embedded() -> Result<&'static Model> {
        DEFAULT.as_ref().map_err(Clone::clone)
    }

    /// A model with uniform rows and independent rows: a neutral start.
    pub fn uniform() -> Model {
        let rows = [CLASSES3, CLASSES5, CLASSES5].map(|n| RowTable::from_mass(vec![1.0; n]));
        let g = GRID as f32;
        let mut copula = vec![0f32; POINTS * POINTS * POINTS];
        for i in 0..POINTS {
            for j in 0..POINTS {
                for k in 0..POINTS {
                    copula[(i * POINTS + j) * POINTS + k] = (i * j * k) as f32 / (g * g * g);
                }
            }
        }
        Model {
            rows,
            ratio: ratio_grid(&copula),
            copula,
            samples: 0,
            foul_rate: 0.0,
            scoop_rate: 0.0,
            natural_rate: 0.0,
            independent: false,
            training: None,
            defect: Defect::default(),
        }
    }

    /// The same model with the rows treated as independent.
    pub fn with_independent_rows(&self) -> Model {
        Model {
            independent: true,
            ..self.clone()
        }
    }

    /// The table of row 0 (front), 1 (middle) or 2 (back).
    pub fn row(&self, row: usize) -> &RowTable {
        &self.rows[row.min(2)]
    }

    /// `P(U_f < x, U_m < y, U_b < z)` for the opponent's three rows: the
    /// independent law `x·y·z` times the trilinear interpolation of the
    /// grid's ratio to it. Interpolating the ratio rather than the grid keeps
    /// the product's curvature inside a cell, so a model without dependence
    /// gives exactly the product.
    #[inline]
    pub fn joint(&self, x: f64, y: f64, z: f64) -> f64 {
        self.joint_at(Cell::new(x), Cell::new(y), Cell::new(z))
    }

    /// [`Model::joint`] at coordinates whose grid cells are already found
    /// (a solver reuses each row's cells across many joint look-ups).
    #[inline]
    pub fn joint_at(&self, x: Cell, y: Cell, z: Cell) -> f64 {
        if self.independent {
            return x.u * y.u * z.u;
        }
        let (i, dx, j, dy, k, dz) = (x.i, x.t, y.i, y.t, z.i, z.t);
        const P: usize = POINTS;
        const P2: usize = POINTS * POINTS;
        // The cell's eight corners sit at fixed offsets from its first: one
        // checked slice of the padded table, then constant indices.
        let base = (i * POINTS + j) * POINTS + k;
        let Some(cell) = self
            .ratio
            .get(base..)
            .and_then(|r| r.first_chunk::<{ P2 + P + 2 }>())
        else {
            return x.u * y.u * z.u; // cells are at most GRID - 1 (unreachable)
        };
        let at = |o: usize| cell[o];
        let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
        let c00 = lerp(at(0), at(1), dz);
        let c01 = lerp(at(P), at(P + 1), dz);
        let c10 = lerp(at(P2), at(P2 + 1), dz);
        let c11 = lerp(at(P2 + P), at(P2 + P + 1), dz);
        (x.u * y.u * z.u).clamp(0.0, 1.0) * lerp(lerp(c00, c01, dy), lerp(c10, c11, dy), dx)
    }

    /// [`Model::joint_at`] with the coordinate at `one` (0, 1 or 2) equal to
    /// one ([`Cell::ONE`]): the chance of the other two events, `x` and `y`
    /// in axis order. One bilinear look-up on the grid's far face instead
    /// of a trilinear one.
    #[inline]
    pub fn joint_face(&self, x: Cell, y: Cell, one: usize) -> f64 {
        if self.independent {
            return x.u * y.u;
        }
        const P: usize = POINTS;
        const P2: usize = POINTS * POINTS;
        // Strides of the two free axes and the offset of the far face.
        let (sx, sy, face) = match one {
            0 => (P, 1, GRID * P2),
            1 => (P2, 1, GRID * P),
            _ => (P2, P, GRID),
        };
        let base = x.i * sx + y.i * sy + face;
        let at = |o: usize| self.ratio.get(base + o).copied().unwrap_or(1.0);
        let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
        let near = lerp(at(0), at(sy), y.t);
        let far = lerp(at(sx), at(sx + sy), y.t);
        (x.u * y.u).clamp(0.0, 1.0) * lerp(near, far, x.t)
    }

    /// [`Model::joint_at`] with every coordinate but the one at `axis` (0,
    /// 1 or 2) equal to one: the chance of that one event, `x`. One linear
    /// look-up along the grid's far edge.
    #[inline]
    pub fn joint_edge(&self, x: Cell, axis: usize) -> f64 {
        if self.independent {
            return x.u;
        }
        const P: usize = POINTS;
        const P2: usize = POINTS * POINTS;
        // The axis's stride and the offset of the far edge along it.
        let (sx, edge) = match axis {
            0 => (P2, GRID * P + GRID),
            1 => (P, GRID * P2 + GRID),
            _ => (1, GRID * P2 + GRID * P),
        };
        let base = x.i * sx + edge;
        let at = |o: usize| self.ratio.get(base + o).copied().unwrap_or(1.0);
        x.u.clamp(0.0, 1.0) * (at(0) + (at(sx) - at(0)) * x.t)
    }

    /// Fits a model to self-play counts: row masses (counts plus a small
    /// pseudo-count, so unseen classes keep a sliver of tie probability and
    /// the cumulative tables stay strictly ordered) and the copula of the rows
    /// on the new cumulative scales.
    pub fn fit(tally: &Tally) -> Model {
        // Pseudo-count per class: ~0.2% of the mass of a 100k-sample fit.
        const PSEUDO: f64 = 0.05;
        let mut counts = [
            vec![0u64; CLASSES3],
            vec![0u64; CLASSES5],
            vec![0u64; CLASSES5],
        ];
        for r in &tally.rows {
            for (k, &o) in r.iter().enumerate() {
                if let Some(c) = counts[k].get_mut(o as usize) {
                    *c += 1;
                }
            }
        }
        let rows = counts
            .map(|c| RowTable::from_mass(c.iter().map(|&n| (n as f64 + PSEUDO) as f32).collect()));
        let mut cells = vec![0u64; GRID * GRID * GRID];
        let bin = |u: f64| ((u * GRID as f64) as usize).min(GRID - 1);
        for r in &tally.rows {
            let [f, m, b] = [0, 1, 2].map(|k| bin(rows[k].below(r[k] as usize)));
            cells[(f * GRID + m) * GRID + b] += 1;
        }
        // Cumulative sums: point (i, j, k) counts cells below it on every axis.
        let mut cum = vec![0f64; POINTS * POINTS * POINTS];
        let at = |i: usize, j: usize, k: usize| (i * POINTS + j) * POINTS + k;
        for i in 1..POINTS {
            for j in 1..POINTS {
                for k in 1..POINTS {
                    let c = cells[((i - 1) * GRID + j - 1) * GRID + k - 1] as f64;
                    cum[at(i, j, k)] =
                        c + cum[at(i - 1, j, k)] + cum[at(i, j - 1, k)] + cum[at(i, j, k - 1)]
                            - cum[at(i - 1, j - 1, k)]
                            - cum[at(i - 1, j, k - 1)]
                            - cum[at(i, j - 1, k - 1)]
                            + cum[at(i - 1, j - 1, k - 1)];
                }
            }
        }
        let n = tally.rows.len().max(1) as f64;
        let copula: Vec<f32> = cum.iter().map(|&c| (c / n) as f32).collect();
        let rate = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let mut m = Model {
            rows,
            ratio: ratio_grid(&copula),
            copula,
            samples: tally.rows.len() as u64,
            foul_rate: rate(tally.fouls, tally.hands),
            scoop_rate: rate(tally.scoops, tally.pairs),
            natural_rate: rate(tally.naturals, tally.hands),
            independent: false,
            training: None,
            defect: Defect::default(),
        };
        if tally.rows.is_empty() {
            let u = Model::uniform();
            (m.copula, m.ratio) = (u.copula, u.ratio);
        }
        m
    }

    /// What the model was trained under, when its file records it (models
    /// made by [`train`](crate::solve::train::train) do; the embedded one
    /// and models of the first file format do not).
    pub fn training(&self) -> Option<&Training> {
        self.training.as_ref()
    }

    /// The same model without its training record: the tables alone,
    /// written in the first file format.
    pub fn without_training(&self) -> Model {
        Model {
            training: None,
            ..self.clone()
        }
    }

    /// The same model recording what it was trained under.
    pub(crate) fn with_training(mut self, training: Training) -> Model {
        self.training = Some(training);
        self
    }

    /// The model file: magic, grid size, class counts, counters, then the
    /// row masses and the copula as little-endian `f32`; a model that
    /// records its training writes format 2 (`CPMODEL2`), the same tables
    /// followed by the [`Training`] record, and any other the first format
    /// (`CPMODEL1`) byte for byte as before.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(if self.training.is_some() {
            MAGIC2
        } else {
            MAGIC
        });
        for n in [GRID, CLASSES3, CLASSES5] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.samples.to_le_bytes());
        for x in [self.foul_rate, self.scoop_rate, self.natural_rate] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for r in &self.rows {
            for m in &r.mass {
                out.extend_from_slice(&m.to_le_bytes());
            }
        }
        for c in &self.copula {
            out.extend_from_slice(&c.to_le_bytes());
        }
        if let Some(t) = &self.training {
            t.write(&mut out);
        }
        out
    }

    /// Parses a model file written by [`Model::to_bytes`] (either format),
    /// checking its shape, that the tables are probabilities and, in format
    /// 2, that the training record is consistent; anything after the end is
    /// refused.
    ///
    /// ```
    /// use chinese_poker_core::solve::Model;
    /// let m = Model::embedded().unwrap();
    /// assert_eq!(&Model::from_bytes(&m.to_bytes()).unwrap(), m);
    /// assert!(Model::from_bytes(b"CPMODEL1").is_err());
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Model> {
        let mut r = Reader {
            bytes,
            pos: 0,
            what: "model file",
        };
        let recorded = match r.take(8) {
            Ok(m) if m == MAGIC => false,
            Ok(m) if m == MAGIC2 => true,
            _ => return Err(bad("not a chinese-poker model (bad magic)")),
        };
        let (g, n3, n5) = (r.u32()?, r.u32()?, r.u32()?);
        if (g as usize, n3 as usize, n5 as usize) != (GRID, CLASSES3, CLASSES5) {
            return Err(bad(format!("unexpected shape {g}/{n3}/{n5}")));
        }
        let samples = r.u64()?;
        let (foul_rate, scoop_rate, natural_rate) = (r.f64()?, r.f64()?, r.f64()?);
        let mut tables = Vec::with_capacity(3);
        for n in [CLASSES3, CLASSES5, CLASSES5] {
            let mass = r.f32s(n)?;
            if mass.iter().any(|m| !m.is_finite() || *m < 0.0) || mass.iter().all(|&m| m == 0.0) {
                return Err(bad("row masses must be non-negative and not all zero"));
            }
            tables.push(RowTable::from_mass(mass));
        }
        let copula = r.f32s(POINTS * POINTS * POINTS)?;
        if copula.iter().any(|c| !(0.0..=1.0001).contains(c)) {
            return Err(bad("copula values must lie in [0, 1]"));
        }
        let training = if recorded {
            Some(Training::read(&mut r)?)
        } else {
            None
        };
        if r.pos != bytes.len() {
            return Err(bad(format!(
                "{} trailing bytes after the end of the model",
                bytes.len() - r.pos
            )));
        }
        for x in [foul_rate, scoop_rate, natural_rate] {
            if !(0.0..=1.0).contains(&x) {
                return Err(bad("rates must lie in [0, 1]"));
            }
        }
        if let Some(t) = &training {
            if t.samples() != samples {
                return Err(bad(format!(
                    "the training record accounts for {} rows, the tables for {samples}",
                    t.samples()
                )));
            }
        }
        let mut it = tables.into_iter();
        let mut next = || it.next().ok_or_else(|| bad("missing row table"));
        Ok(Model {
            rows: [next()?, next()?, next()?],
            ratio: ratio_grid(&copula),
            copula,
            samples,
            foul_rate,
            scoop_rate,
            natural_rate,
            independent: false,
            training,
            defect: Defect::default(),
        })
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
