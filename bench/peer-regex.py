#!/usr/bin/env python3
"""The peer of the folder benchmark: what a user writes instead of benchbook. Walks a folder,
reads every file, and pulls the numbers out of the two-column Metric/Value rows of the result
tables with one regex (any box style's vertical bar), printing `file<TAB>line<TAB>metric<TAB>
number` per value. No scope, no context, no duplicates, no diagnostics: a floor, not a rival.

    /usr/bin/python3 bench/peer-regex.py FOLDER > values.tsv   (the count goes to stderr)
"""
import os
import re
import sys

ROW = re.compile(r"^\s*[│┃║|] (.+?)\s+[│┃║|] (.+?)\s+[│┃║|]\s*$")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def paths(target: str):
    # A single file is read as it is (the whole-process bench's 20 MB log).
    if os.path.isfile(target):
        yield target
        return
    for root, dirs, files in os.walk(target):
        dirs.sort()
        for name in sorted(files):
            yield os.path.join(root, name)


def main(folder: str) -> None:
    out = sys.stdout
    count = 0
    for path in paths(folder):
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = ROW.match(line)
                if not m:
                    continue
                num = NUMBER.search(m.group(2))
                if num:
                    out.write(f"{path}\t{n}\t{m.group(1)}\t{num.group(0)}\n")
                    count += 1
    sys.stderr.write(f"PEER_VALUES {count}\n")


if __name__ == "__main__":
    main(sys.argv[1])
