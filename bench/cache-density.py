#!/usr/bin/python3
"""cache-density.py FILE... - how a chain cache file's entries fill it.

For each chain file (2048-chain(5)) named: its 64 KiB blocks that hold a
nonzero entry, its 4 KiB pages that do, and its nonzero entries, with
the bytes each would take on disk (bench/CACHE.md: what holes of 4 KiB,
or blocks packed, would save).  The header and sums are counted as
entries' bytes (they are 0.5 MB of 6.7 GB).
"""
import sys

import numpy as np

BLOCK, PAGE = 65536, 4096


def density(path):
    blocks = nonzero_blocks = pages = entries = 0
    with open(path, "rb") as f:
        while True:
            b = f.read(BLOCK)
            if not b:
                break
            blocks += 1
            a = np.frombuffer(b[: len(b) // 2 * 2], dtype="<u2")
            nz = np.count_nonzero(a)
            if nz == 0:
                continue
            nonzero_blocks += 1
            entries += nz
            whole = len(b) // PAGE * PAGE
            p = np.frombuffer(b[:whole], dtype=np.uint8).reshape(-1, PAGE)
            pages += int(np.count_nonzero(p.any(axis=1)))
            pages += 1 if len(b) > whole and any(b[whole:]) else 0
    print(f"{path}: {blocks} blocks, {nonzero_blocks} with an entry "
          f"({nonzero_blocks * BLOCK / 1e9:.2f} GB); {pages} pages of 4 KiB "
          f"with one ({pages * PAGE / 1e9:.2f} GB); {entries} nonzero "
          f"entries ({entries * 2 / 1e9:.2f} GB)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bench/cache-density.py FILE...")
    for name in sys.argv[1:]:
        density(name)
