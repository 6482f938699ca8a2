#![no_main]
//! See `chinese_poker_core::fuzz_targets::notation` for the oracle.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    chinese_poker_core::fuzz_targets::notation(data);
});
