#!/usr/bin/env bash
# Writes crates/otg/spec/otg.pb: the Open Traffic Generator models' otg.proto
# (open-traffic-generator/models, artifacts/otg.proto, the release of spec/otg.json) as a
# protobuf FileDescriptorSet with its imports, which riptide's gRPC API reads (prost-reflect:
# no generated code). protoc is grpcio-tools' (pip), no system package.
#
#     scripts/otg-descriptor.sh MODELS/artifacts/otg.proto
#
# To move to a newer OTG release, run this and scripts/otg-spec.py on its artifacts.
set -euo pipefail
proto=${1:?usage: scripts/otg-descriptor.sh PATH/TO/otg.proto}
cd "$(dirname "$0")/.."
py=${PYTHON:-target/venv/bin/python}
"$py" -m grpc_tools.protoc -I"$(dirname "$proto")" --include_imports \
  --descriptor_set_out=crates/otg/spec/otg.pb "$(basename "$proto")"
echo "crates/otg/spec/otg.pb: $(stat -c %s crates/otg/spec/otg.pb) bytes"
