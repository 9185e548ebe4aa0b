#!/usr/bin/env python3
"""Draw the sample of the independent case-base review (issue: a case base a referee can trust).

  sample.py SEED [CORPUS_DIR]  prints a TSV: kind (case | provision), doc, eId, case id

100 cases drawn uniformly from every <case> of the five documents, and 40 provisions that
state a ruling (a provision of kind "sanction", or whose text holds a consequence cue),
drawn uniformly, with Python's random.Random(SEED). The seed is chosen after the fixes
and written in tests/eval/case-review/README.md with the sample.
"""
import os
import random
import re
import sys
import xml.etree.ElementTree as ET

CUES = re.compile(
    r"in caso di infrazione|punizione|rigore|\bback\b|mischia|touche|rimessa|calcio d.angolo|"
    r"possesso|cartellino|espuls|ammoni|assegnat|concess|verrà|sarà (?:ripetut|riposizionat|battut)|"
    r"non è valid|è valid|annullat|meta tecnica",
    re.I)


def text_of(el):
    return " ".join("".join(p.itertext()) for p in el.iter() if p.tag in ("p", "item"))


def main():
    seed = int(sys.argv[1])
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "..", "corpus")
    cases, provisions = [], []
    for game in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, game)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".xml") or name in ("vocabulary.xml", "phrasing.xml"):
                continue
            root = ET.parse(os.path.join(folder, name)).getroot()
            doc = root.get("doc")
            for el in root.iter():
                if el.tag not in ("provision", "row"):
                    continue
                eid = el.get("eId")
                for case in el.findall("case"):
                    cases.append(("case", doc, eid, case.get("id")))
                if el.tag == "provision" and el.get("kind") not in ("definition", "information"):
                    if el.get("kind") == "sanction" or CUES.search(text_of(el)):
                        provisions.append(("provision", doc, eid, "-"))
    rng = random.Random(seed)
    for row in sorted(rng.sample(cases, 100)) + sorted(rng.sample(provisions, 40)):
        print("\t".join(row))
    print("# %d cases, %d provisions stating a ruling in the corpus; seed %d" % (len(cases), len(provisions), seed),
          file=sys.stderr)


if __name__ == "__main__":
    main()
