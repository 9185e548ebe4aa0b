#!/usr/bin/env python3
"""Split the user-phrased evaluation sets into train / validation / test by a fixed rule.

The rule, fixed before any result was looked at: the 64-bit FNV-1a hash of the line's
first field (the question or situation, UTF-8, as written) modulo 100 puts the line in
train (0-59), validation (60-79) or test (80-99).

  split.py RAW_DIR OUT_DIR   writes OUT_DIR/{train,validation,test}/<name>.tsv
  split.py --check OUT_DIR   exits 1 when a line sits in another split than the rule says
"""
import os
import sys

SPLITS = (("train", 60), ("validation", 80), ("test", 100))


def fnv1a64(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def split_of(first_field):
    bucket = fnv1a64(first_field) % 100
    return next(name for name, limit in SPLITS if bucket < limit)


def rows(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip() and not line.startswith("#"):
                yield line


def write(raw_dir, out_dir):
    for name in sorted(os.listdir(raw_dir)):
        if not name.endswith(".tsv"):
            continue
        kind = "situation<TAB>sanction<TAB>beneficiary<TAB>" if name.startswith("situations") else "question<TAB>"
        parts = {s: [] for s, _ in SPLITS}
        for line in rows(os.path.join(raw_dir, name)):
            parts[split_of(line.split("\t")[0])].append(line)
        for split, lines in parts.items():
            os.makedirs(os.path.join(out_dir, split), exist_ok=True)
            with open(os.path.join(out_dir, split, name), "w", encoding="utf-8") as f:
                f.write("# written blind from the rulebook source; split by tests/eval/users/split.py (%s)\n" % split)
                f.write("# %squotes of the source that state the answer (first = best)\n" % kind)
                for line in lines:
                    f.write(line + "\n")


def check(out_dir):
    wrong = 0
    for split, _ in SPLITS:
        folder = os.path.join(out_dir, split)
        for name in sorted(os.listdir(folder)):
            for line in rows(os.path.join(folder, name)):
                if split_of(line.split("\t")[0]) != split:
                    print("%s/%s: in the wrong split: %s" % (split, name, line.split("\t")[0]))
                    wrong += 1
    print("split check: %d lines misplaced" % wrong)
    return 1 if wrong else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) == 3:
        write(sys.argv[1], sys.argv[2])
        sys.exit(0)
    sys.exit(__doc__)
