#!/usr/bin/env python3
"""A varied query mix for bench/ratios.sh (issue 37), generated, not kept:
the queries of the public skill corpus's cases and examples (cases.tsv,
examples.tsv and every English skill's `!example:` lines) and the bundled
skills' `!example:` lines, distinct, shuffled with a fixed seed.

Usage: query-mix.py CORPUS BUNDLED_MODELS OUT_QUERIES OUT_PATHS
Writes one query per line to OUT_QUERIES and the matching
/susi/chat.json request paths to OUT_PATHS; prints the count. Fails when
fewer than 500 distinct queries are found."""
import os, random, sys, urllib.parse

corpus, bundled, out_queries, out_paths = sys.argv[1:5]
found = []

def add(text):
    text = " ".join(text.replace("\r", "").split())
    if text:
        found.append(text)

for name, column in (("cases.tsv", "query"), ("examples.tsv", "example")):
    path = os.path.join(corpus, name)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            index = header.index(column)
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) > index:
                    add(fields[index])

def examples(root):
    for folder, _, files in sorted(os.walk(root)):
        if os.path.basename(folder) != "en":
            continue
        for file in sorted(files):
            if not file.endswith(".txt"):
                continue
            with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.lower().startswith("!example:"):
                        add(line[len("!example:"):])

examples(os.path.join(corpus, "models"))
examples(bundled)
distinct = sorted(set(found))
if len(distinct) < 500:
    sys.exit(f"query-mix: only {len(distinct)} distinct queries under {corpus} and {bundled}; 500 are needed")
random.Random(37).shuffle(distinct)
with open(out_queries, "w", encoding="utf-8") as q, open(out_paths, "w", encoding="utf-8") as p:
    for text in distinct:
        q.write(text + "\n")
        p.write("/susi/chat.json?q=" + urllib.parse.quote(text, safe="") + "&timezoneOffset=0&language=en\n")
print(len(distinct))
