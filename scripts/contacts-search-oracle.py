#!/usr/bin/env python3
# The contacts search rule's oracle (tests run it): for people.csv and the queries given, prints one JSON object:
# "keys", every person's folded "given family" in file order, and "counts", how many people each query finds.
# The rule: canonical decomposition (NFD), nonspacing marks (category Mn) removed, then str.casefold(); a person
# matches when the folded query is a substring of the folded "given + ' ' + family".
# Usage: python3 scripts/contacts-search-oracle.py people.csv QUERY...
import csv, json, sys, unicodedata


def fold(s):
    d = unicodedata.normalize("NFD", s)
    return "".join(c for c in d if unicodedata.category(c) != "Mn").casefold()


def main():
    with open(sys.argv[1], encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    keys = [fold(r["given"] + " " + r["family"]) for r in rows]
    counts = {}
    for q in sys.argv[2:]:
        fq = fold(q)
        counts[q] = sum(1 for k in keys if fq in k)
    json.dump({"keys": keys, "counts": counts}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
