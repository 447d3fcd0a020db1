# riptide: the two commands of README.md are `make run` and `make test`.
CARGO ?= cargo
RIPTIDE := target/release/riptide

.PHONY: setup build run test lint bench clean

setup:
	@scripts/setup.sh

build: setup
	$(CARGO) build --release --locked

# The main job: build, then run the bundled 64 B UDP profile into the null port
# for 3 seconds and a 100,000-packet IMIX simulation into a pcap, printing the stats.
run: build
	$(RIPTIDE) run profiles/udp64.yaml --port null --duration 3s
	$(RIPTIDE) run profiles/imix.yaml --port pcap:target/imix.pcap --count 100000
	@echo "wrote target/imix.pcap (tshark -r target/imix.pcap | head)"

lint: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

# Every test: formatting, lints, unit/property tests, CLI tests with tshark as the
# oracle; ends with one "N passed, N failed" line.
test:
	@scripts/test.sh

bench: build
	$(RIPTIDE) bench --runs 5

clean:
	$(CARGO) clean
