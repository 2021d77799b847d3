"""The layer check behind scripts/check-layers.sh (run by `make test`).

Every target of Package.swift (read through `swift package dump-package`)
has a layer; a layer may use only the layers this file allows. For every
target it checks that

  * each declared dependency is in a layer its own layer may use, or is a
    named exception below (a known debt, with the reason it is allowed);
  * a module never uses another module, nor a framework's SPI (it reads
    its values through typed keys); a module's tests use no other module;
  * the package modules its Swift files import are exactly the ones it
    declares (an undeclared import builds only by accident of the graph; a
    declared dependency never imported is dead weight), both ways; a test
    target may declare the target it tests without importing it;
  * the dependency graph has no cycle;
  * docs/architecture.md's layer table (between the layers:begin and
    layers:end markers) is the table this prints.

  --print        print the layer table
  --update-map   rewrite the table in docs/architecture.md
"""

import json
import os
import re
import subprocess
import sys

# Layers from the bottom. A target in one may use the layers listed for it.
LAYERS = [
    ("system", "C libraries and their shims"),
    ("basics", "the floor: knows no command line"),
    ("data", "the reply, the engine, the store, the bundled skills"),
    ("framework", "the command framework and the line editor"),
    ("ports", "protocols for every outside dependency"),
    ("adapter", "what implements a port: backends, speech, speaker, vault, server"),
    ("core", "the context a command runs in, settings, session"),
    ("shared", "what several modules share"),
    ("module", "one command module"),
    ("host", "the registry and the makers"),
    ("executable", "the susi binary"),
    ("support", "test doubles and benchmark programs, never linked into susi"),
    ("testkit", "what the host's and the modules' tests share, over the host; never linked into susi"),
    ("plugin", "SwiftPM command plugins"),
    ("test", "test targets"),
]

MAY_USE = {
    "system": set(),
    "basics": set(),
    "data": {"system", "basics", "data"},
    "framework": {"system", "basics", "framework"},
    "ports": {"basics", "data", "ports"},
    "adapter": {"system", "basics", "data", "ports", "adapter"},
    "core": {"basics", "data", "framework", "ports", "core"},
    "shared": {"basics", "data", "framework", "ports", "core", "shared"},
    "module": {"basics", "data", "framework", "ports", "core", "shared"},
    "host": {"system", "basics", "data", "framework", "ports", "adapter", "core", "shared", "module", "host"},
    "executable": {"framework", "host"},
    "support": {"system", "basics", "data", "framework", "ports", "adapter", "core", "shared", "support"},
    "testkit": {"system", "basics", "data", "framework", "ports", "adapter", "core", "shared", "host",
                "support"},
    "plugin": set(),
    "test": {"system", "basics", "data", "framework", "ports", "adapter", "core", "shared", "module", "host",
             "support", "testkit", "test"},
}

# Targets whose layer is not found from their kind or folder.
LAYER_OF = {
    "SusiBasics": "basics",
    "SusiReply": "data",
    "SusiEngine": "data",
    "SusiStore": "data",
    "SusiSkills": "data",
    "SusiCLI": "framework",
    "SusiShell": "framework",
    "SusiPorts": "ports",
    "SusiNet": "adapter",
    "SusiVault": "adapter",
    "SusiSpeech": "adapter",
    "SusiListen": "adapter",
    "SusiSpeaker": "adapter",
    "SusiLocal": "adapter",
    "SusiRemote": "adapter",
    "SusiServer": "adapter",
    "SusiPostgres": "adapter",
    "SusiAuthoring": "adapter",
    "SusiCore": "core",
    "SusiCommands": "shared",
    "SusiHost": "host",
    "SusiTestSupport": "support",
    "SusiTestKit": "testkit",
}

# Uses the layer rule forbids, allowed by name until the port or move that
# removes them lands. Each is a debt: the check fails when one is no longer
# used, so the list only shrinks.
EXCEPTIONS = {
}


def fail(message):
    print("error: " + message, file=sys.stderr)


def load_package(root):
    out = subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)["targets"]


def dependency_names(target):
    names = []
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dep:
                names.append(dep[kind][0])
    return names


def layer(target):
    name, kind = target["name"], target["type"]
    if kind == "test":
        return "test"
    if kind == "plugin":
        return "plugin"
    if kind == "system":
        return "system"
    path = target.get("path") or ""
    if path.startswith("Sources/Modules/"):
        return "module"
    if name in LAYER_OF:
        return LAYER_OF[name]
    if kind == "executable":
        return "executable" if name == "susi" else "support"
    if name.startswith("C") and name[1:2].isupper():
        return "system"
    return None


def source_folder(target):
    if target.get("path"):
        return target["path"]
    if target["type"] == "test":
        return "Tests/" + target["name"]
    if target["type"] == "plugin":
        return "Plugins/" + target["name"]
    return "Sources/" + target["name"]


IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


SPI_IMPORT = re.compile(r"^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*@_spi\(")


def imports(root, target, modules):
    """The package modules the target's Swift files import, with a place
    each, and the places where they import a module's SPI: one walk."""
    found, spi = {}, []
    folder = os.path.join(root, source_folder(target))
    excluded = {os.path.join(folder, e) for e in target.get("exclude", [])}
    for directory, subdirs, files in os.walk(folder):
        subdirs[:] = sorted(d for d in subdirs if os.path.join(directory, d) not in excluded)
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    place = "%s:%d" % (os.path.relpath(path, root), number)
                    if SPI_IMPORT.match(line):
                        spi.append(place)
                    if match.group(1) in modules and match.group(1) not in found:
                        found[match.group(1)] = place
    return found, spi


def table(targets, layers):
    order = {name: index for index, (name, _) in enumerate(LAYERS)}
    rows = sorted(targets, key=lambda t: (order[layers[t["name"]]], t["name"].lower()))
    lines = []
    for target in rows:
        uses = sorted(dependency_names(target), key=str.lower)
        lines.append("%-20s %-11s uses: %s" % (target["name"], layers[target["name"]], ", ".join(uses) or "-"))
    return lines


MAP = "docs/architecture.md"
BEGIN, END = "<!-- layers:begin -->", "<!-- layers:end -->"


def map_block(lines):
    """The map's copy: every target but the tests, whose rows `--print`
    shows; the tests are named, wrapped, in one paragraph."""
    rows = [line for line in lines if line.split()[1] != "test"]
    tests = [line.split()[0] for line in lines if line.split()[1] == "test"]
    wrapped, current = [], "test targets (%d):" % len(tests)
    for name in tests:
        if len(current) + len(name) + 1 > 96:
            wrapped.append(current)
            current = " "
        current += " " + name
    wrapped.append(current)
    return BEGIN + "\n```\n" + "\n".join(rows + wrapped) + "\n```\n" + END


def check(root, targets, layers):
    status = 0
    by_name = {t["name"]: t for t in targets}
    # Modules a Swift file can import: every target but executables, plugins and tests.
    importable = {t["name"] for t in targets if t["type"] in ("regular", "system")}
    used_exceptions = set()
    for target in targets:
        name, mine = target["name"], layers[target["name"]]
        declared = dependency_names(target)
        for dep in declared:
            if dep not in by_name:
                continue
            theirs = layers[dep]
            if mine == "module" and theirs == "module":
                fail("%s (module) uses another module, %s: shared code goes down a layer (SusiCommands)"
                     % (name, dep))
                status = 1
            elif mine == "test" and theirs == "module" and name.endswith("ModuleTests") and dep != name[:-5]:
                fail("%s (a module's tests) uses another module, %s: test it in %sTests or through the harness"
                     % (name, dep, dep))
                status = 1
            elif theirs not in MAY_USE[mine]:
                if dep in EXCEPTIONS.get(name, {}):
                    used_exceptions.add((name, dep))
                else:
                    fail("%s (%s) may not use %s (%s): a %s target uses only %s"
                         % (name, mine, dep, theirs, mine, ", ".join(
                             l for l, _ in LAYERS if l in MAY_USE[mine]) or "nothing"))
                    status = 1
        if target["type"] in ("system", "plugin"):
            continue
        found, spi = imports(root, target, importable)
        if mine == "module":
            for place in spi:
                fail("%s: a module reads its values through typed keys, not the framework's SPI" % place)
                status = 1
        for module, place in sorted(found.items()):
            if module != name and module not in declared:
                fail("%s: imports %s, which %s does not declare in Package.swift" % (place, module, name))
                status = 1
        for dep in declared:
            # A test target may declare the target it tests without importing it:
            # ConfigModuleTests runs ConfigModule through the host's harness.
            if mine == "test" and name == dep + "Tests":
                continue
            if dep in importable and dep not in found:
                fail("Package.swift: %s declares %s but no file of it imports %s" % (name, dep, dep))
                status = 1
    for name, deps in EXCEPTIONS.items():
        for dep in deps:
            if (name, dep) not in used_exceptions:
                fail("scripts/check_layers.py: the exception %s -> %s is no longer needed: remove it" % (name, dep))
                status = 1
    # Cycles (SwiftPM refuses most, but not every kind).
    state = {}

    def visit(name, path):
        nonlocal status
        if state.get(name) == "done":
            return
        if state.get(name) == "open":
            fail("dependency cycle: " + " -> ".join(path[path.index(name):] + [name]))
            status = 1
            return
        state[name] = "open"
        for dep in dependency_names(by_name[name]):
            if dep in by_name:
                visit(dep, path + [name])
        state[name] = "done"

    for target in targets:
        visit(target["name"], [])
    return status


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    targets = load_package(root)
    layers = {}
    unknown = []
    for target in targets:
        layers[target["name"]] = layer(target)
        if layers[target["name"]] is None:
            unknown.append(target["name"])
    if unknown:
        for name in unknown:
            fail("%s has no layer: add it to LAYER_OF in scripts/check_layers.py (see docs/architecture.md)" % name)
        return 1
    lines = table(targets, layers)
    arguments = sys.argv[1:]
    if arguments == ["--print"]:
        print("\n".join(lines))
        return 0
    map_path = os.path.join(root, MAP)
    with open(map_path, encoding="utf-8") as handle:
        text = handle.read()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if arguments == ["--update-map"]:
        if not pattern.search(text):
            fail("%s has no %s ... %s block" % (MAP, BEGIN, END))
            return 1
        with open(map_path, "w", encoding="utf-8") as handle:
            handle.write(pattern.sub(lambda _: map_block(lines), text, count=1))
        return 0
    if arguments:
        print("usage: sh scripts/check-layers.sh [--print | --update-map]", file=sys.stderr)
        return 64
    status = check(root, targets, layers)
    block = pattern.search(text)
    if not block or block.group(0) != map_block(lines):
        fail("%s: the layer table is not Package.swift's; run: sh scripts/check-layers.sh --update-map" % MAP)
        status = 1
    if status == 0:
        print("layers: %d targets, every use allowed, imports and Package.swift agree, no cycle, the map is current"
              % len(targets))
    return status


if __name__ == "__main__":
    sys.exit(main())
