#!/usr/bin/env python3
"""Deterministic element-tree snapshot files for `make bench` (Python 3 stdlib only).

Writes --files Canopy element-snapshot JSON files (Config/schemas/element-snapshot.schema.json)
into --out: one screen each, an application → window → nested groups of buttons, cells, text
fields and static texts (~--elements per screen), identifiers on most interactive elements,
element types by name and by raw value, both frame forms. Seeded.
"""
import argparse
import json
import os
import random

TYPES = ["button", "staticText", "cell", "textField", "image", "switch", 9, 48, 75, 49]


def element(rng, screen, path, budget, depth):
    kind = rng.choice(TYPES)
    node = {"elementType": kind, "label": f"{screen} item {path}", "value": None, "placeholderValue": None,
            "isEnabled": True, "isSelected": False, "hasFocus": False}
    node["identifier"] = f"{screen}.{path}" if rng.random() < 0.7 else ""
    x, y = rng.randrange(0, 390), rng.randrange(0, 850)
    node["frame"] = {"x": x, "y": y, "width": 44.5, "height": 44.0} if rng.random() < 0.5 else [[x, y], [44.5, 44.0]]
    children = []
    if depth < 6 and budget[0] > 0 and rng.random() < 0.3:
        node["elementType"] = "other"
        for i in range(rng.randrange(2, 8)):
            if budget[0] <= 0:
                break
            budget[0] -= 1
            children.append(element(rng, screen, f"{path}.{i}", budget, depth + 1))
    node["children"] = children
    return node


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--elements", type=int, default=150)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for index in range(args.files):
        screen = f"Screen{index:04d}"
        budget = [args.elements]
        children = []
        i = 0
        while budget[0] > 0:
            budget[0] -= 1
            children.append(element(rng, screen, str(i), budget, 1))
            i += 1
        root = {"elementType": "application", "identifier": "", "label": "App", "frame": [[0, 0], [393, 852]],
                "children": [{"elementType": "window", "identifier": "", "label": "", "frame": [[0, 0], [393, 852]], "children": children}]}
        with open(os.path.join(args.out, f"{screen}.json"), "w", encoding="utf-8") as out:
            json.dump({"name": screen, "test": f"AppUITests.Screens/test{index:04d}()", "root": root}, out, indent=1)


if __name__ == "__main__":
    main()
