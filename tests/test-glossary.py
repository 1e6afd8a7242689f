#!/usr/bin/env python3
# test-glossary.py: each catalogue keeps to its language's glossary
# (po/LANG.glossary), one term per concept.  A glossary line
#
#   wire = Verbindung | Verbindungen
#
# says that a message whose English text has the word "wire" (or "wires";
# any case; a line may list several English forms, "check valve, check
# valves") must have one of the forms after "=" in its translation.  A form
# ending in "*" matches any word it starts (inflected languages), one
# starting with "*" any word it is part of (compounds, "*schaltung*"); "!"
# before a form forbids it instead (the term used for another concept, or
# the variant the glossary ruled out):
#
#   wire = Verbindung* ! Leitung*
#
# Lines "except: TEXT" after a term exempt the messages whose English text
# contains TEXT, for the few where the term is not the concept (say why in
# a comment).  Untranslated and fuzzy messages are not checked.
#
# Usage: test-glossary.py PO-DIR [LANG...]   (TAP on standard output)
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mf_tap import Tap  # noqa: E402


def unquote(text):
    return bytes(text, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def read_po(path):
    """The catalogue's translated, non-fuzzy messages: (line, msgid, [msgstr...])."""
    entries, entry, field = [], None, None
    fuzzy = False

    def finish():
        if entry and entry.get("msgid") and not fuzzy:
            strings = [v for k, v in sorted(entry.items()) if k.startswith("msgstr") and v]
            if strings:
                entries.append((entry["line"], entry["msgid"] + " " + entry.get("msgid_plural", ""),
                                strings))

    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("#,"):
                finish()
                entry, field, fuzzy = None, None, "fuzzy" in line
                continue
            if line.startswith("#~"):
                continue
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if m:
                key = m.group(1)
                if key in ("msgctxt",) or (key == "msgid" and (entry is None or "msgid" in entry)):
                    if entry is not None and "msgid" in entry:
                        finish()
                        fuzzy = False
                        entry = None
                    if entry is None:
                        entry = {"line": number}
                entry[key] = unquote(m.group(2))
                field = key
            elif line.startswith('"') and entry is not None and field:
                entry[field] += unquote(line[1:-1])
            elif not line.strip():
                finish()
                entry, field, fuzzy = None, None, False
    finish()
    return entries


class Term:
    def __init__(self, english, forms, line):
        self.english = english
        self.required = [f for f in forms if not f.startswith("!")]
        self.forbidden = [f[1:].strip() for f in forms if f.startswith("!")]
        self.exceptions = []
        self.line = line
        words = "|".join(re.escape(e) for e in english)
        self.pattern = re.compile(r"(?<![\w-])(?:%s)s?(?![\w-])" % words, re.I)

    @staticmethod
    def has(text, form):
        text = text.replace("_", "").replace("\u00ad", "")
        if form.startswith("*"):
            return form.strip("*").lower() in text.lower()
        if form.endswith("*"):
            return re.search(r"(?<!\w)" + re.escape(form[:-1]), text, re.I) is not None
        if re.match(r"\w", form) and not re.match(r"[\u3040-\u30ff\u4e00-\u9fff]", form):
            return re.search(r"(?<!\w)%s(?!\w)" % re.escape(form), text, re.I) is not None
        return form in text


def read_glossary(path):
    terms = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("except:"):
                terms[-1].exceptions.append(line[len("except:"):].strip())
                continue
            english, _, rest = line.partition("=")
            forms = [p.strip() for p in re.split(r"\s*\|\s*|\s+(?=!)", rest) if p.strip()]
            terms.append(Term([e.strip() for e in english.split(",")], forms, number))
    return terms


def check(language, po_dir, tap):
    glossary = os.path.join(po_dir, language + ".glossary")
    terms = read_glossary(glossary)
    entries = read_po(os.path.join(po_dir, language + ".po"))
    tap.check(len(terms) >= 20, "%s.glossary holds the terms (%d)" % (language, len(terms)))
    for term in terms:
        wrong = []
        for line, msgid, strings in entries:
            english = msgid.replace("_", "")
            if not term.pattern.search(english):
                continue
            if any(e in english for e in term.exceptions):
                continue
            for text in strings:
                if term.required and not any(Term.has(text, f) for f in term.required):
                    wrong.append("%s.po:%d: '%s' → '%s': no %s" % (
                        language, line, msgid.strip(), text, " | ".join(term.required)))
                for f in term.forbidden:
                    if Term.has(text, f):
                        wrong.append("%s.po:%d: '%s' → '%s': has %s" % (
                            language, line, msgid.strip(), text, f))
        tap.check(not wrong, "%s: '%s' is %s" % (language, term.english[0],
                                                   " | ".join(term.required) or "not "
                                                   + " | ".join(term.forbidden)),
                  "\n".join(wrong))



def main():
    po_dir = sys.argv[1]
    languages = sys.argv[2:]
    if not languages:
        with open(os.path.join(po_dir, "LINGUAS"), encoding="utf-8") as f:
            languages = [w for line in f for w in line.split() if not line.startswith("#")]
    tap = Tap()
    for language in languages:
        tap.check(os.path.exists(os.path.join(po_dir, language + ".glossary")),
                  "po/%s.glossary exists" % language)
        if os.path.exists(os.path.join(po_dir, language + ".glossary")):
            check(language, po_dir, tap)
    return tap.plan()


if __name__ == "__main__":
    sys.exit(main())
