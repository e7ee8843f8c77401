"""Makes swift-argument-parser's generated man pages readable by man-db's whatis parser and groff.

generate-manual names a subcommand's page `.Nm "mapper serve"`, which lexgrog (apropos, whatis,
lintian's bad-whatis-entry) cannot parse, quotes the `.Nd` line (the quotes then show in whatis),
and leaves blank lines between paragraphs, which groff warns about in mdoc. This rewrites, in place:
  .Nm "mapper serve"   ->  .Nm mapper.serve    (the page's name, as `man mapper.serve` finds it)
  the SYNOPSIS' bare .Nm ->  .Nm mapper Cm serve (how the command is typed)
  .Nd "text"           ->  .Nd text
  an empty line        ->  .Pp
usage: python3 fix_manpages.py PAGE.1...
"""
import re
import sys


def fix(text: str) -> str:
    lines = text.split("\n")
    name = None
    out = []
    section = None
    for line in lines:
        if line.startswith(".Sh "):
            section = line[4:].strip('"')
        match = re.fullmatch(r'\.Nm "([^"]+)"', line)
        if match and section == "NAME":
            name = match.group(1).split()
            line = ".Nm " + ".".join(name)
        elif line == ".Nm" and section == "SYNOPSIS" and name and len(name) > 1:
            line = ".Nm " + name[0] + " Cm " + " ".join(name[1:])
        elif re.fullmatch(r'\.Nd ".*"', line):
            line = ".Nd " + line[5:-1]
        elif line == "" and out and section not in (None, "NAME"):
            line = ".Pp"
        out.append(line)
    # A trailing empty line ends the file; it is not a paragraph break.
    while out and out[-1] == ".Pp":
        out.pop()
    return "\n".join(out) + "\n"


for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as file:
        text = file.read()
    with open(path, "w", encoding="utf-8") as file:
        file.write(fix(text))
