#!/usr/bin/python3
"""chain-zlib.py [-s STEP] FILE... - what zlib makes of a chain file's blocks.

For each chain file (2048-chain(5)) named: every STEP-th 64 KiB block of
its body (default 50; 1 reads them all) compressed alone by zlib at
level 6, as it is and with its entries' low bytes before their high
bytes (byte planes), and the share of the blocks' bytes each takes: what
a file of blocks compressed one at a time, each inflated when first
read, would weigh (bench/CACHE.md, the 3 GB target of `make tables`).
"""
import getopt
import os
import sys
import zlib

HEADER, BLOCK = 4096, 65536


def ratios(path, step):
    size = os.path.getsize(path)
    nblocks = (size - HEADER) // (BLOCK + 8)  # whole blocks of the body
    raw = plain = planes = 0
    with open(path, "rb") as f:
        for b in range(0, nblocks, step):
            f.seek(HEADER + b * BLOCK)
            data = f.read(BLOCK)
            raw += len(data)
            plain += len(zlib.compress(data, 6))
            planes += len(zlib.compress(data[0::2] + data[1::2], 6))
    print(f"{path}: {len(range(0, nblocks, step))} of {nblocks} blocks; "
          f"zlib {plain / raw:.3f}, byte planes {planes / raw:.3f} of "
          f"{size / 1e9:.2f} GB")


def main():
    step = 50
    opts, files = getopt.getopt(sys.argv[1:], "s:")
    for _, v in opts:
        step = int(v)
    if not files or step < 1:
        sys.exit("usage: chain-zlib.py [-s STEP] FILE...")
    for path in files:
        ratios(path, step)


main()
