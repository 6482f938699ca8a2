use super::*;

#[test]
fn scopes_nest_and_restore() {
    let outer = Cancel::new();
    let inner = Cancel::new();
    inner.cancel();
    scope(&outer, || {
        assert!(check().is_ok());
        assert_eq!(scope(&inner, check), Err(Error::Cancelled));
        assert!(
            check().is_ok(),
            "the outer token is back after the inner scope"
        );
    });
    assert!(current().is_none());
}

#[test]
fn a_token_cancelled_from_another_thread_is_seen() {
    let token = Cancel::new();
    let other = token.clone();
    std::thread::spawn(move || other.cancel()).join().unwrap();
    assert_eq!(scope(&token, check), Err(Error::Cancelled));
}

#[test]
fn a_parallel_loop_stops_on_a_cancelled_token() {
    use crate::parallel::{for_chunks_sized, Threads};
    let token = Cancel::new();
    token.cancel();
    for threads in [Threads::Count(1), Threads::Count(3)] {
        let input = vec![0u8; 1000];
        let mut out = vec![0u8; 1000];
        let ran = std::sync::atomic::AtomicUsize::new(0);
        let r = scope(&token, || {
            for_chunks_sized(&input, 1, &mut out, 1, threads, 10, |_, _, _| {
                ran.fetch_add(1, Ordering::Relaxed);
                Ok(())
            })
        });
        assert_eq!(r, Err(Error::Cancelled));
        assert_eq!(
            ran.load(Ordering::Relaxed),
            0,
            "no chunk runs once cancelled"
        );
    }
}
