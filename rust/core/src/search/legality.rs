//! Row legality as the search sees it: any predicate on the (front, middle,
//! back) values, and [`ValueOrder`], the promise of `front <= middle <=
//! back` that lets the sweep prune whole backs.

/// Decides whether a (front, middle, back) triple of hand values is a legal
/// setting. Any `Fn(u32, u32, u32) -> bool` is one.
pub trait Legality {
    /// True when the rows with these values are not a foul.
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool;

    /// True when every legal setting has `front <= middle <= back` by value.
    /// It lets the Pareto search skip whole backs; a wrong `true` loses
    /// settings, so only [`ValueOrder`] claims it.
    fn implies_value_order(&self) -> bool {
        false
    }
}

impl<F: Fn(u32, u32, u32) -> bool> Legality for F {
    #[inline(always)]
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool {
        self(front, middle, back)
    }
}

/// Legal when `front <= middle <= back` by value *and* the wrapped predicate
/// agrees. Every row-order rule of RULES §3.1 except the `same_category_ok`
/// house rule has this form, and the promise lets the search prune.
///
/// ```
/// # use chinese_poker_core::search::{Legality, ValueOrder};
/// let strict = ValueOrder(|f: u32, m: u32, b: u32| f < m && m < b);
/// assert!(strict.implies_value_order());
/// assert!(!strict.is_legal(5, 5, 9));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueOrder<F>(pub F);

impl<F: Fn(u32, u32, u32) -> bool> Legality for ValueOrder<F> {
    #[inline(always)]
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool {
        front <= middle && middle <= back && (self.0)(front, middle, back)
    }

    fn implies_value_order(&self) -> bool {
        true
    }
}

pub(super) fn no_extra_condition(_: u32, _: u32, _: u32) -> bool {
    true
}

/// The default legality: `front <= middle <= back` by value, i.e. RULES
/// R-FOUL-1 `non_strict` with `cross_size_prefix = equal`.
pub const VALUE_ORDER: ValueOrder<fn(u32, u32, u32) -> bool> = ValueOrder(no_extra_condition);
