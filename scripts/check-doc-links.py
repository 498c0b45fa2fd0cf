#!/usr/bin/env python3
# Usage: python3 scripts/check-doc-links.py README.md DEVELOPERS.md docs/performance.md
# Every relative link (and image) in the given Markdown files must name a file or folder of the repository,
# and every #anchor in the same file must name one of its headings (GitHub's slug rule).
import re, os, sys
# Files expected from another branch before they exist here (none now).
ALLOW: set[str] = set()
bad = 0
def slug(h):
    h = h.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")
for path in sys.argv[1:]:
    text = open(path).read()
    code_free = re.sub(r"```.*?```", "", text, flags=re.S)
    heads = {slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", code_free, re.M)}
    base = os.path.dirname(path)
    for m in re.finditer(r"\]\(([^)\s]+)\)", code_free):
        target = m.group(1)
        if re.match(r"[a-z]+://|mailto:", target): continue
        file, _, anchor = target.partition("#")
        if file:
            full = os.path.normpath(os.path.join(base, file))
            if not os.path.exists(full) and full not in ALLOW:
                print(f"{path}: no such file: {target}"); bad += 1
            elif full in ALLOW and not os.path.exists(full):
                print(f"{path}: note: {target} is expected from another branch")
            if anchor and file.endswith(".md") and os.path.exists(full):
                other = re.sub(r"```.*?```", "", open(full).read(), flags=re.S)
                if anchor not in {slug(x) for x in re.findall(r"^#+ (.*)$", other, re.M)}:
                    print(f"{path}: no heading #{anchor} in {file}"); bad += 1
        elif anchor not in heads:
            print(f"{path}: no heading #{anchor}"); bad += 1
print("links:", "all resolve" if bad == 0 else f"{bad} broken")
sys.exit(1 if bad else 0)
