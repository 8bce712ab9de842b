#!/usr/bin/env python3
"""Writes Swift files the source index must skip, not crash or stall on, one per shape, into --out:

  Generics.swift      A<A<…Int…>> nested --depth deep
  Members.swift       a.b.b… with --links links (and Calls, Unwraps, OptionalChain, Subscripts)
  ArrayLiteral.swift  [[[…1…]]] --depth deep; ArrayType.swift [[[…Int…]]]
  TupleArrays.swift   [(Int, [(Int, …)])] 30 deep (SwiftParser's type lookahead doubles per level)
  SixtyBytes.swift    let a = [[[…1…]]] 28 deep (60 bytes; SwiftParser's lookahead doubles per level)
  Large.swift         --megabytes of ordinary declarations
  Parentheses.swift, Closures.swift, Interpolation.swift: the same nesting through (, {, "\\(

and one ordinary view, Kept.swift, which must stay indexed. `--only NAME` writes one shape.
Used by `make soak` (bench/soak.d/source.sh) and for the timings in docs/source-index.md.
"""
import argparse
import os


def shapes(depth, links, megabytes):
    line = 'let a = "0123456789012345678901234567890123456789"\n'
    return {
        "Generics.swift": "let x: " + "A<" * depth + "Int" + ">" * depth + "\n",
        "Members.swift": "let x = a" + ".b" * links + "\n",
        "Calls.swift": "let x = f" + "()" * links + "\n",
        "Unwraps.swift": "let x = a" + "!" * links + "\n",
        "OptionalChain.swift": "let x = a" + "?.b" * links + "\n",
        "Subscripts.swift": "let x = f" + "[0]" * links + "\n",
        "ArrayLiteral.swift": "let x = " + "[" * depth + "1" + "]" * depth + "\n",
        "ArrayType.swift": "let x: " + "[" * depth + "Int" + "]" * depth + "\n",
        "TupleArrays.swift": "let x: " + "[(Int, " * 30 + "Int" + ")]" * 30 + "\n",
        "SixtyBytes.swift": "let a = " + "[" * 28 + "1" + "]" * 28,
        "Parentheses.swift": "let x = " + "(" * depth + "1" + ")" * depth + "\n",
        "Closures.swift": "let x = " + "{" * depth + "}" * depth + "\n",
        "Interpolation.swift": "let x = " + '"\\(f(' * (depth // 2) + "1" + '))"' * (depth // 2) + "\n",
        "Large.swift": line * (megabytes * 1024 * 1024 // len(line) + 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--depth", type=int, default=10_000)
    parser.add_argument("--links", type=int, default=60_000)
    parser.add_argument("--megabytes", type=int, default=10)
    parser.add_argument("--only")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    files = shapes(args.depth, args.links, args.megabytes)
    if args.only:
        files = {args.only: files[args.only]}
    else:
        files["Kept.swift"] = 'struct V { func f() { a.accessibilityIdentifier = "Kept" } }\n'
    for name, text in files.items():
        with open(os.path.join(args.out, name), "w") as file:
            file.write(text)
    print(len(files))


if __name__ == "__main__":
    main()
