# Common jobs. `make test` is the README's test command and what .ci/run calls.
.DEFAULT_GOAL := help
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))
export PATH := $(abspath $(VENV))/bin:$(PATH)

.PHONY: help venv dev release test test-rust test-python lint fmt docs bench bench-rust bench-python bench-threads bench-memory bench-server fuzz fuzz-corpus wheel clean

help: ## show this help
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

$(PY):
	python3 -m venv $(VENV)

# Its own target: a .venv made by the README's first command (`pip install .`)
# has no maturin yet.
MATURIN := $(VENV)/bin/maturin
$(MATURIN): | $(PY)
	$(PY) -m pip install -q --upgrade pip 'maturin>=1.8,<2'

venv: $(MATURIN) ## create .venv with maturin

dev: $(MATURIN) ## build the extension (debug profile, no LTO) into .venv with the test extras
	$(VENV)/bin/maturin develop --locked --extras test

release: $(MATURIN) ## build the optimised extension into .venv (for benchmarks)
	$(VENV)/bin/maturin develop --locked --release --extras test

# maturin links the wheel with zig's linker against an old glibc (2.17), so the
# wheel runs on any manylinux_2_17 system whatever this machine's glibc is.
ZIG := $(VENV)/.ziglang
$(ZIG): | $(PY)
	$(PY) -m pip install -q 'ziglang>=0.13,<0.16' && touch $@

wheel: $(MATURIN) $(ZIG) ## the abi3 manylinux wheel (CPython >= 3.9) and the sdist, in dist/
	rm -rf dist
	$(MATURIN) build --locked --release --features abi3 --compatibility manylinux_2_17 --zig --out dist
	$(MATURIN) sdist --out dist

test-rust: ## Rust unit tests of the core crate, with the fuzz corpus replay
	cargo test --locked -p chinese-poker-core --features fuzzing

test-python: dev ## pytest (add CHINESE_POKER_SLOW=1 for the long hypothesis profile)
	$(PY) -m pytest -q

test: test-rust test-python ## all tests

lint: dev ## rustfmt, clippy (fuzz bodies included), rustdoc links, ruff, mypy and the stub check
	cargo fmt --all -- --check
	# with the fuzz bodies on: the feature only adds a module, so one pass sees all the code
	cargo clippy --locked --workspace --all-targets --features chinese-poker-core/fuzzing -- -D warnings
	RUSTDOCFLAGS='-D warnings' cargo doc --locked --no-deps -p chinese-poker-core
	$(PY) -m ruff check python tests benches fuzz examples
	$(PY) -m ruff format --check python tests benches fuzz examples
	$(PY) -m mypy
	$(PY) -m mypy.stubtest chinese_poker._core --allowlist python/stubtest-allowlist.txt

fmt: dev ## format Rust and Python sources (ruff comes with the test extras)
	cargo fmt --all
	$(PY) -m ruff format python tests benches fuzz examples
	$(PY) -m ruff check --fix python tests benches fuzz examples

# The option and preset sections of docs/rules.md are written from the rules
# tables; the same test fails in `make test-rust` when the file is stale.
docs: ## regenerate the generated sections of docs/rules.md from the option and preset tables
	UPDATE_DOCS=1 cargo test --locked -p chinese-poker-core --lib rules::docs::

bench-rust: ## criterion benchmarks of the core
	cargo bench --locked -p chinese-poker-core

bench-python: release ## throughput from Python, beside phevaluator and eval7
	$(PY) benches/bench_eval.py

bench-threads: release ## speed-up of concurrent Python threads (GIL released) and of the internal pool
	$(PY) benches/bench_threads.py

bench-memory: release ## peak memory of the batch calls and of simulate, each case in a fresh process
	$(PY) benches/memory.py

# The service's load benchmark needs wrk (Debian's package); without it, pass
# SERVER_BENCH_ARGS=--client=python for the slower in-process asyncio client.
bench-server: release ## POST /solve over HTTP: 50 clients, requests/s, p99, answers checked, memory
	$(PY) benches/bench_server.py $(SERVER_BENCH_ARGS)

bench: bench-rust bench-python bench-threads bench-memory bench-server ## all benchmarks

# cargo-fuzz targets (fuzz/, its own workspace, nightly). Each run starts from
# the committed corpus fuzz/corpus/<target> and writes what it finds to the
# scratch fuzz/work/<target>, so the committed corpus changes only through
# `make fuzz-corpus`. Safe Rust: no sanitizer, which doubles the speed.
FUZZ_TARGETS := notation rules ofc_json batch search
FUZZ_SECONDS ?= 60
FUZZ := cd fuzz && cargo +nightly fuzz

fuzz: ## run each fuzz target FUZZ_SECONDS (default 60) from the committed corpus
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	$(FUZZ) build --sanitizer none
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/work/$$t; \
		echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
		($(FUZZ) run --sanitizer none $$t work/$$t corpus/$$t -- \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1) || exit 1; \
	done

# The committed corpus is a smallest set of inputs covering every edge reached
# (hit counts ignored), which keeps it to a few hundred small files.
fuzz-corpus: ## merge fuzz/work into the committed corpus: a minimal set covering every edge
	@for t in $(FUZZ_TARGETS); do \
		rm -rf fuzz/work/merged-$$t && mkdir -p fuzz/work/merged-$$t fuzz/work/$$t; \
		($(FUZZ) run --sanitizer none $$t work/merged-$$t corpus/$$t work/$$t -- \
			-merge=1 -set_cover_merge=1 -use_counters=0) || exit 1; \
		rm -rf fuzz/corpus/$$t && mv fuzz/work/merged-$$t fuzz/corpus/$$t; \
	done
	@for t in $(FUZZ_TARGETS); do \
		echo "$$t: $$(ls fuzz/corpus/$$t | wc -l) files, $$(cat fuzz/corpus/$$t/* | wc -c) bytes"; \
	done

clean: ## remove build products and the venv
	cargo clean
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
