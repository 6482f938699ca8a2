//! Tests of `model.rs`.

use super::*;

#[test]
fn class_lists_have_the_right_sizes() {
    for w in [Wheel::Lowest, Wheel::SecondHighest] {
        assert_eq!(classes(w, 5).len(), CLASSES5);
        assert_eq!(classes(w, 3).len(), CLASSES3);
        let c = classes(w, 5);
        assert_eq!(ordinal(c, c[100]), 100);
    }
    // The indexed ordinal agrees with the plain search everywhere,
    // between classes and beyond the last.
    for w in [Wheel::Lowest, Wheel::SecondHighest] {
        for size in [3, 5] {
            let list = class_list(w, size);
            let c = list.values();
            for (i, &v) in c.iter().enumerate() {
                assert_eq!(list.ordinal(v), i);
                for probe in [v.wrapping_sub(1), v + 1, v | 0xFFF, v & !0xFFF] {
                    assert_eq!(list.ordinal(probe), ordinal(c, probe), "{probe:#x}");
                }
            }
            assert_eq!(list.ordinal(u32::MAX), c.len() - 1);
            assert_eq!(list.ordinal(0), 0);
        }
    }
}

#[test]
fn cell_one_is_the_cell_of_one() {
    assert_eq!(Cell::ONE, Cell::new(1.0));
    for k in -20..=1100 {
        // Cells rebuilt from their parts, including out-of-range coordinates.
        let c = Cell::new(f64::from(k) / 1000.0 + 1e-17 * f64::from(k % 7));
        let (u, i, t) = c.parts();
        assert_eq!(Cell::from_parts(u, i, t), c, "{k}");
    }
    let m = Model::embedded().unwrap();
    let (x, y) = (Cell::new(0.3), Cell::new(0.77));
    assert_eq!(m.joint_at(x, y, Cell::ONE), m.joint(0.3, 0.77, 1.0));
}

#[test]
fn face_and_edge_look_ups_match_the_trilinear_ones() {
    // The bilinear look-up on a far face (and the linear one on a far
    // edge) against the trilinear one with the other coordinates at
    // one, over coordinates that cover cell edges, both ends and
    // out-of-range values.
    let m = Model::embedded().unwrap();
    let us: Vec<f64> = (-2..=34).map(|k| f64::from(k) / 32.0 + 1e-3).collect();
    let mut checked = 0;
    for &x in &us {
        for &y in &us {
            let (a, b) = (Cell::new(x), Cell::new(y));
            let want = [
                m.joint_at(Cell::ONE, a, b),
                m.joint_at(a, Cell::ONE, b),
                m.joint_at(a, b, Cell::ONE),
            ];
            for (one, w) in want.into_iter().enumerate() {
                let got = m.joint_face(a, b, one);
                assert!(
                    (got - w).abs() <= 1e-15 * (1.0 + w.abs()),
                    "{x} {y} {one}: {got} {w}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 37 * 37 * 3);
    for &x in &us {
        let a = Cell::new(x);
        let want = [
            m.joint_at(a, Cell::ONE, Cell::ONE),
            m.joint_at(Cell::ONE, a, Cell::ONE),
            m.joint_at(Cell::ONE, Cell::ONE, a),
        ];
        for (axis, w) in want.into_iter().enumerate() {
            let got = m.joint_edge(a, axis);
            assert!(
                (got - w).abs() <= 1e-15 * (1.0 + w.abs()),
                "{x} {axis}: {got} {w}"
            );
        }
    }
    let ind = m.with_independent_rows();
    assert_eq!(ind.joint_face(Cell::new(0.5), Cell::new(0.25), 1), 0.125);
    assert_eq!(ind.joint_edge(Cell::new(0.5), 2), 0.5);
}

#[test]
fn uniform_round_trips() {
    let m = Model::uniform();
    let back = Model::from_bytes(&m.to_bytes()).unwrap();
    assert_eq!(back, m);
    assert!((m.joint(0.5, 0.5, 0.5) - 0.125).abs() < 1e-6);
    assert!(Model::from_bytes(&m.to_bytes()[..100]).is_err());
}
