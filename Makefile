# Common jobs. `make test` is the README's test command and what .ci/run calls.
.DEFAULT_GOAL := help
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))
export PATH := $(abspath $(VENV))/bin:$(PATH)

.PHONY: help venv dev release test test-rust test-python lint fmt bench bench-rust bench-python bench-threads bench-memory clean

help: ## show this help
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip 'maturin>=1.8,<2'

venv: $(PY) ## create .venv with maturin

dev: $(PY) ## build the extension (debug profile, no LTO) into .venv with the test extras
	$(VENV)/bin/maturin develop --locked --extras test

release: $(PY) ## build the optimised extension into .venv (for benchmarks)
	$(VENV)/bin/maturin develop --locked --release --extras test

test-rust: ## Rust unit tests of the core crate
	cargo test --locked -p chinese-poker-core

test-python: dev ## pytest (add CHINESE_POKER_SLOW=1 for the long hypothesis profile)
	$(PY) -m pytest -q

test: test-rust test-python ## all tests

lint: dev ## rustfmt, clippy, ruff, mypy and the stub check
	cargo fmt --all -- --check
	cargo clippy --locked --workspace --all-targets -- -D warnings
	$(PY) -m ruff check python tests benches
	$(PY) -m ruff format --check python tests benches
	$(PY) -m mypy
	$(PY) -m mypy.stubtest chinese_poker._core --allowlist python/stubtest-allowlist.txt

fmt: $(PY) ## format Rust and Python sources
	cargo fmt --all
	$(PY) -m ruff format python tests benches
	$(PY) -m ruff check --fix python tests benches

bench-rust: ## criterion benchmarks of the core
	cargo bench --locked -p chinese-poker-core

bench-python: release ## throughput from Python, beside phevaluator and eval7
	$(PY) benches/bench_eval.py

bench-threads: release ## speed-up of concurrent Python threads (GIL released) and of the internal pool
	$(PY) benches/bench_threads.py

bench-memory: release ## peak memory of the batch calls and of simulate, each case in a fresh process
	$(PY) benches/memory.py

bench: bench-rust bench-python bench-threads bench-memory ## all benchmarks

clean: ## remove build products and the venv
	cargo clean
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
