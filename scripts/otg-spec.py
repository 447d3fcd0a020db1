#!/usr/bin/env python3
"""Writes crates/otg/spec/otg.json: the Open Traffic Generator models' OpenAPI schemas
(open-traffic-generator/models, artifacts/openapi.yaml) as riptide's OTG server checks
requests against them: every schema's types, properties, required keys, enums, defaults,
bounds and formats, without the prose (the descriptions are most of the file).

    scripts/otg-spec.py MODELS/artifacts/openapi.yaml COMMIT > crates/otg/spec/otg.json

The spec is the models' own: to move to a newer OTG release, run this on its openapi.yaml.
"""

import json
import sys

import yaml

KEEP = {"type", "properties", "required", "enum", "default", "minimum", "maximum", "format", "$ref", "items",
        "minItems", "maxItems", "minLength", "maxLength", "pattern"}


def strip(node):
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items() if k in KEEP or not isinstance(k, str) or k in ("properties",)}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node


def main() -> None:
    doc = yaml.safe_load(open(sys.argv[1]))
    schemas = {}
    for name, s in doc["components"]["schemas"].items():
        s = dict(s)
        props = s.get("properties")
        out = strip({k: v for k, v in s.items() if k != "properties"})
        if props is not None:
            out["properties"] = {k: strip(v) for k, v in props.items()}
        schemas[name] = out
    json.dump({"info": {"version": doc["info"]["version"], "models_commit": sys.argv[2]}, "schemas": schemas},
              sys.stdout, separators=(",", ":"), sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
