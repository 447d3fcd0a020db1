# riptide: the two commands of README.md are `make run` and `make test`.
CARGO ?= cargo
RIPTIDE := target/release/riptide

.PHONY: setup build run test lint bench clean wheel image deb

setup:
	@scripts/setup.sh

build: setup
	$(CARGO) build --release --locked

# The main job (scripts/run.sh): build, run the bundled 64 B UDP profile into the null
# port for 3 seconds, a 100,000-frame IMIX simulation into a pcap and, as root, one
# million frames across the lab ring of namespaces (riptide lab up / down).
run: build
	@scripts/run.sh

lint: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

# Every test: formatting, lints, unit/property tests, CLI tests with tshark as the
# oracle; ends with one "N passed, N failed" line.
test:
	@scripts/test.sh

# The riptide wheel (the binary and the Python package; pyproject.toml, maturin) and the
# pure-Python client wheel, into target/wheels: pip install target/wheels/riptide-*.whl
wheel: setup
	@scripts/wheel.sh

# The OCI image (Containerfile): the release binary, its libraries and the profiles, FROM
# scratch, built by podman: localhost/riptide:VERSION and :latest.
image: build
	@scripts/image.sh

# The Debian package (scripts/deb.sh, dpkg-deb): the binary with file capabilities for
# the riptide group, man pages, completions, the riptide-serve unit; in target/debian.
deb: build
	@scripts/deb.sh

bench: build
	$(RIPTIDE) bench --runs 5

clean:
	$(CARGO) clean
