#!/usr/bin/env python3
"""Runs the PushBridge benchmark and prints its table and targets (called by run.sh).

Usage: bench.py --cli PATH [--baseline PATH --floor PATH] --root DIR --work DIR [--runs N] [--payloads N]
                [--sim-runs N] [--keep-outputs] [--only TEXT]...

Corpus classes (generate_corpus.py): seed (the four vendors, ~1.1 KB), intl (emoji, CJK, Cyrillic, every
other line `\\u`-escaped), large (3-4 KB), zixflow-wide (Zixflow Custom, two buttons in an escaped JSON
string, a 160-bit hex token, ~20 top-level keys). Each class and direction is reported on its own.

Every tool reads the same corpus files and writes its output to a file. Each measurement runs under
GNU time (`/usr/bin/time -f "%x %M"`): peak RSS is its %M (the kernel's high-water mark for the
process, in KiB). Runs are interleaved (run 1 of every tool, then run 2, ...) so
the load of this shared machine falls on all tools alike, and the median of the runs is reported.
CPU time comes from wait4's rusage (microseconds), peak RSS from GNU time.
Peers (peer_translate.py, peer_translate.jq): a Python script with the standard library's json, the same script
with orjson (--orjson-python: a Python that has it, run.sh's virtual environment; without one the orjson targets
are "not measured", which counts as not met), and a jq program; each checked byte for byte against bridge-cli.
Targets (issue 35) on every class and direction: ORJSON_TARGET, PYTHON_TARGET and JQ_TARGET times the peers,
FLOOR_SHARE_TARGET of PushBridge's parse+write floor, the floor FLOOR_MBPS_TARGET MB/s on the seed class,
RSS_LIMIT_MB; simulate's start-up within HELP_STARTUP_TARGET of `bridge-cli --help`'s.
Throughput is payloads per CPU second, of bridge-cli on one thread (`--jobs 1`): on a machine shared by
several jobs, wall time also counts the time a process waits for a core. Wall-clock throughput is printed
beside it, and bridge-cli's default run (one thread per processor, at most 8) gives the wall-clock ratios.

Send logs (generate_send_log.py, `--only send`): `send translate --jsonl` on a OneSignal log into Braze and an
FCM log into Airship (plain, intl and large text mixed line by line), requests per CPU second on the larger
log against SEND_TARGET and against the Python peers (peer_translate.py `send FROM TO`, both directions), and peak RSS flat: the log ten times larger may take at most SEND_RSS_GROWTH times the
smaller log's peak RSS. History (`--only migrate`): `migrate` over a generated OneSignal history of --payloads
payloads (generate_history) in at most MIGRATE_CPU_SECONDS, peak RSS flat against a tenth of it. Baseline and
floor are only needed when a payload class or simulate runs.
Standard library only.
"""

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import generate_corpus  # noqa: E402
import generate_send_log  # noqa: E402

DIRECTIONS = [("zixflow", "buzzkit"), ("buzzkit", "appdna"), ("appdna", "pushnotifai"), ("pushnotifai", "zixflow")]
# Real vendors (issue 16): built like the seed directions, on the seed, intl and large classes, with a
# 100,000-payload stream of their own (generate_corpus.py writes <source>-all.jsonl).
REAL_DIRECTIONS = [("onesignal", "braze"), ("braze", "onesignal"), ("airship", "customerio"), ("fcm", "braze")]
STREAM_SOURCES = {"onesignal"}  # real vendors with a 100,000-payload stream (generate_corpus.STREAMS)
# Directions whose target derives a category (a hash of the button set): for them the jq peer is run twice,
# with the hash and without (mapping only). The others derive none, so one jq program is the best jq can do.
HASHED = {"zixflow-buzzkit", "buzzkit-appdna", "appdna-pushnotifai", "pushnotifai-zixflow"}
# (class, folder under the corpus, directions): every direction of every class is held to the targets.
CLASSES = [("seed", "", DIRECTIONS + REAL_DIRECTIONS), ("intl", "intl", DIRECTIONS + REAL_DIRECTIONS),
           ("large", "large", DIRECTIONS + REAL_DIRECTIONS), ("zixflow-wide", "zixflow-wide", DIRECTIONS[:1])]
# Issue 35, per CPU second of `--jobs 1`, on every class and direction: translate's payloads/s against the orjson
# peer, the Python `json` peer and the best jq program; against PushBridge's own parse+write floor of the same
# file; the floor itself in MB/s on the seed (Latin-script) class; peak RSS of every translate run.
ORJSON_TARGET = 1.5
PYTHON_TARGET = 3.0
JQ_TARGET = 7.0
FLOOR_SHARE_TARGET = 0.75
FLOOR_MBPS_TARGET = 250.0
RSS_LIMIT_MB = 16
HELP_STARTUP_TARGET = 1.1  # simulate's median start-up ≤ 1.1× that of `bridge-cli --help`, measured alike
# `send translate --jsonl` (docs/SEND.md): (source, target) of the send logs, requests per CPU second, and
# the most the peak RSS may grow from a log to one ten times larger.
SEND_DIRECTIONS = [("onesignal", "braze"), ("fcm", "airship")]
SEND_TARGET = 50_000
# The send directions with Python peers (peer_translate.py send FROM TO), each held to ORJSON_TARGET and PYTHON_TARGET.
SEND_PEERS = {("onesignal", "braze"), ("fcm", "airship")}
SEND_RSS_GROWTH = 1.2
# `bridge-cli migrate` (docs/MIGRATION.md, `--only migrate`): a plan over a 100,000-payload history in at most
# this many CPU seconds, its peak RSS flat against a history ten times smaller.
MIGRATE_CPU_SECONDS = 10.0
GNU_TIME = os.environ.get("GNU_TIME", "/usr/bin/time")
MB = 1_000_000
JQ_FULL_SAMPLE = 500  # buzzkit→appdna: the full jq program hashes every payload (~10 ms each in jq arithmetic)


class Sample:
    def __init__(self, wall, cpu, rss_kib, status):
        self.wall, self.cpu, self.rss_kib, self.status = wall, cpu, rss_kib, status


def spawn(args, stdin=None, stdout=None):
    """Starts args with posix_spawn (no copy of this process); returns (pid, open files to close)."""
    fin = os.open(stdin, os.O_RDONLY) if stdin else os.open(os.devnull, os.O_RDONLY)
    fout = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644) if stdout else os.open(os.devnull, os.O_WRONLY)
    ferr = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, fin, 0), (os.POSIX_SPAWN_DUP2, fout, 1), (os.POSIX_SPAWN_DUP2, ferr, 2)]
    pid = os.posix_spawnp(args[0], args, os.environ, file_actions=actions)
    return pid, (fin, fout, ferr)


def timed(args, stdin=None, stdout=None):
    """Runs args under GNU time. Wall time from perf_counter; CPU time (user+sys, microseconds) from the
    rusage wait4 reports for GNU time and its child; peak RSS (KiB) from GNU time's %M, the child's own
    high-water mark (wait4's ru_maxrss would also count the memory of the process that spawned it)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        pid, files = spawn([GNU_TIME, "-f", "%x %M", "-o", report.name] + args, stdin, stdout)
        _, _, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        for descriptor in files:
            os.close(descriptor)
        status, rss = report.read().strip().splitlines()[-1].split()
    return Sample(wall, usage.ru_utime + usage.ru_stime, int(rss), int(status))


def wall_ms(commands, runs):
    """Median and 90th percentile wall time (ms) of runs of each command, started with posix_spawn, the commands
    interleaved so the machine's load falls on all alike: run 1 of each, then run 2 in the reverse order, and so
    on (A B, B A, A B, ...), so each command follows each command equally often: a process started right after
    another binary runs slower than one started after the same binary."""
    walls = [[] for _ in commands]
    for round_index in range(runs):
        order = list(zip(commands, walls))
        if round_index % 2:
            order.reverse()
        for args, times in order:
            start = time.perf_counter()
            pid, files = spawn(args)
            _, status = os.waitpid(pid, 0)
            times.append((time.perf_counter() - start) * 1000)
            for descriptor in files:
                os.close(descriptor)
            if status != 0:
                raise SystemExit("benchmark: %s failed (wait status %d)" % (" ".join(args), status))
    for times in walls:
        times.sort()
    return [(statistics.median(times), times[int(len(times) * 0.9)]) for times in walls]


def orjson_available(python):
    """Whether `python` imports orjson (run.sh installs it into the benchmark's virtual environment)."""
    try:
        return subprocess.run([python, "-c", "import orjson"], capture_output=True, timeout=60).returncode == 0
    except OSError:
        return False


def default_jobs():
    """The threads bridge-cli's JSON Lines commands use by default: the processors online, at most 8."""
    return max(1, min(8, os.sysconf("SC_NPROCESSORS_ONLN")))


class Tool:
    def __init__(self, label, args, source, lines, nbytes, stdin=False, output=None):
        self.label, self.args, self.source, self.lines, self.nbytes = label, args, source, lines, nbytes
        self.stdin, self.output = stdin, output
        self.samples = []

    def run(self):
        sample = timed(self.args, stdin=self.source if self.stdin else None, stdout=self.output)
        if sample.status != 0:
            raise SystemExit("benchmark: %s exited with status %d" % (" ".join(self.args), sample.status))
        self.samples.append(sample)

    def median(self, field):
        return statistics.median(getattr(s, field) for s in self.samples)

    @property
    def rate(self):  # payloads per CPU second
        return self.lines / max(self.median("cpu"), 1e-3)

    @property
    def wall_rate(self):
        return self.lines / max(self.median("wall"), 1e-3)

    @property
    def mbps(self):
        return self.nbytes / MB / max(self.median("cpu"), 1e-3)


def generate_history(path, n):
    """A OneSignal app's history for `migrate`: n payloads in a few dozen shapes (buttons, links, images, badges,
    custom data), with plain, international and long text, deterministic."""
    texts = ["Your order shipped", "Votre commande est partie — suivez-la", "注文が発送されました",
             "Ваш заказ отправлен", "Flash sale " * 20]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            k = i % 37
            custom = {"i": "os-%08d" % i}
            payload = {"aps": {"alert": {"title": texts[k % 5][:60], "body": "%s %d" % (texts[(k + 1) % 5], i)}},
                       "custom": custom}
            if k % 2:
                custom["u"] = "https://shop.example.com/p/%d" % i
            if k % 3 == 0:
                payload["buttons"] = [{"i": "b%d" % j, "n": "Button %d" % j} for j in range(1 + k % 3)]
            if k % 5 == 0:
                custom["a"] = {"order": str(i), "tier": ["gold", "silver"][i % 2]}
            if k % 7 == 0:
                payload["aps"]["badge"] = i % 9
            if k % 11 == 0:
                payload["att"] = {"id": "https://cdn.example.com/%d.jpg" % i}
            out.write(json.dumps(payload, ensure_ascii=False, separators=(",", ":")) + "\n")


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def first_lines(path, n, out):
    with open(path, "rb") as f, open(out, "wb") as g:
        for i, line in enumerate(f):
            if i >= n:
                break
            g.write(line)
    return out


def compare(reference, candidate, ignore_category=False, only_count=False):
    """'identical', or how many lines differ (after removing aps.category when asked); with only_count, only
    whether both have the same number of lines."""
    with open(reference, "rb") as a, open(candidate, "rb") as b:
        left, right = a.read().splitlines(), b.read().splitlines()
    if len(left) != len(right):
        return "%d lines, expected %d" % (len(right), len(left))
    if only_count:
        return "%d lines" % len(right)
    if not ignore_category:
        differing = sum(1 for x, y in zip(left, right) if x != y)
        return "identical" if differing == 0 else "%d lines differ" % differing
    differing = 0
    for x, y in zip(left, right):
        if x == y:
            continue
        px, py = json.loads(x), json.loads(y)
        px.get("aps", {}).pop("category", None)
        py.get("aps", {}).pop("category", None)
        differing += px != py
    return "same but aps.category" if differing == 0 else "%d lines differ" % differing


def fmt_int(n):
    return "{:,}".format(int(round(n)))


def fmt_mb(kib):
    return "%.1f MB" % (kib * 1024 / MB)


def run_simulate_and_conformance(opts, checks):
    # ---- one simulate on one payload ------------------------------------------------------------------
    payload = os.path.join(opts.root, "examples", "payloads", "zixflow-custom.json")
    simulate = [opts.cli, "simulate", "--device-token", "5f2c0ad1", "--steps", "arrive:foreground,open:ACTION_0",
                payload]
    (sim_wall, sim_p90), (help_wall, help_p90) = wall_ms([simulate, [opts.cli, "--help"]], opts.sim_runs)
    (base_wall, _), = wall_ms([[opts.baseline]], opts.sim_runs)
    sim_rss = statistics.median(timed(simulate).rss_kib for _ in range(9))
    base_rss = statistics.median(timed([opts.baseline]).rss_kib for _ in range(9))
    print("simulate (1 payload, %d runs): median wall %.2f ms (p90 %.2f ms); peak RSS %s"
          % (opts.sim_runs, sim_wall, sim_p90, fmt_mb(sim_rss)))
    print("bridge-cli --help (%d runs, interleaved with simulate): median wall %.2f ms (p90 %.2f ms)"
          % (opts.sim_runs, help_wall, help_p90))
    print("baseline (import FoundationEssentials; print): median wall %.2f ms; peak RSS %s"
          % (base_wall, fmt_mb(base_rss)))
    checks.append(("simulate start-up ≤ %.1f× `bridge-cli --help` start-up (median wall)" % HELP_STARTUP_TARGET,
                   sim_wall <= HELP_STARTUP_TARGET * help_wall,
                   "×%.2f (%.2f ms vs %.2f ms)" % (sim_wall / help_wall, sim_wall, help_wall), "35"))
    checks.append(("simulate peak RSS ≤ 1.3× the FoundationEssentials baseline", sim_rss <= 1.3 * base_rss,
                   "×%.2f (%s vs %s)" % (sim_rss / base_rss, fmt_mb(sim_rss), fmt_mb(base_rss)), "8"))
    checks.append(("simulate wall time ≤ 10 ms median", sim_wall <= 10.0, "%.2f ms" % sim_wall, "8"))

    # ---- conformance --------------------------------------------------------------------------------
    help_text = subprocess.run([opts.cli, "--help"], capture_output=True, text=True).stdout
    if "conformance" in help_text:
        runs = []
        last_line = ""
        for _ in range(opts.runs):
            start = time.perf_counter()
            result = subprocess.run([opts.cli, "conformance"], capture_output=True, text=True, cwd=opts.root)
            runs.append(time.perf_counter() - start)
            last_line = (result.stdout.strip().splitlines() or [""])[-1]
        seconds = statistics.median(runs)
        print("conformance suite: median %.2f s (%s)" % (seconds, last_line))
        checks.append(("full conformance suite in under 3 s", seconds < 3.0, "%.2f s" % seconds, "8"))
    else:
        print("conformance suite: bridge-cli has no conformance command yet")
        checks.append(("full conformance suite in under 3 s", False, "no conformance command", "8"))
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--baseline", help="required unless only send logs run")
    parser.add_argument("--floor", help="Benchmarks/Floor built against Sources/PushBridge (as --baseline)")
    parser.add_argument("--root", required=True)
    parser.add_argument("--orjson-python", help="a Python with orjson installed (run.sh's virtual environment); "
                        "without it the orjson targets are not measured")
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--payloads", type=int, default=100_000)
    parser.add_argument("--sim-runs", type=int, default=200)
    parser.add_argument("--keep-outputs", action="store_true", help="keep every tool's output under WORK/out")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="run only the class/direction pairs whose name ('seed: onesignal-braze', "
                             "'send: fcm-airship') contains TEXT (repeatable), the streams of their directions "
                             "and no simulate or conformance")
    opts = parser.parse_args()
    chosen = lambda name: not opts.only or any(text in name for text in opts.only)  # noqa: E731
    opts.only_light = bool(opts.only) and all(text.startswith("send") or text.startswith("migrate") for text in opts.only)
    payload_classes = any(chosen("%s: %s-%s" % (c, s, t)) for c, _, directions in CLASSES for s, t in directions)
    if (payload_classes or not opts.only_light) and not (opts.baseline and opts.floor):
        parser.error("--baseline and --floor are required unless only send logs run (--only send)")
    os.makedirs(opts.work, exist_ok=True)
    corpus = os.path.join(opts.work, "corpus")
    outdir = os.path.join(opts.work, "out")
    os.makedirs(outdir, exist_ok=True)
    jq_program = os.path.join(HERE, "peer_translate.jq")
    py_peer = os.path.join(HERE, "peer_translate.py")
    python = sys.executable
    orjson_python = opts.orjson_python if opts.orjson_python and orjson_available(opts.orjson_python) else None

    began = time.time()
    load_at_start = "%.1f" % os.getloadavg()[0]
    all_path = os.path.join(corpus, "all.jsonl")
    if payload_classes:
        sys.argv = ["generate_corpus.py", corpus, str(opts.payloads)]
        generate_corpus.main()
        with open(all_path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        total_lines = count_lines(all_path)
        total_bytes = os.path.getsize(all_path)
        print("PushBridge benchmark: %s payloads, %s bytes (%.0f B each), corpus sha256 %s"
              % (fmt_int(total_lines), fmt_int(total_bytes), total_bytes / total_lines, digest[:16]))
    print("bridge-cli: %s" % opts.cli)
    if orjson_python:
        version = subprocess.run([orjson_python, "-c", "import orjson; print(orjson.__version__)"],
                                 capture_output=True, text=True).stdout.strip()
        print("orjson peer: orjson %s in %s" % (version, orjson_python))
    else:
        print("orjson peer: NOT AVAILABLE (%s): the orjson targets are not measured"
              % ("no orjson in %s" % opts.orjson_python if opts.orjson_python else "run.sh could not install orjson"))
    print("%d runs per measurement, median; payloads/s and MB/s per CPU second (user+sys of all threads), "
          "wall-clock beside" % opts.runs)
    print("bridge-cli: '--jobs 1' is one thread (the per-CPU-second figures and targets); its default runs "
          "%d threads (--jobs), whose wall clock the 'wall' ratios of the targets use" % default_jobs())
    print()

    # ---- tools on every direction of every class -----------------------------------------------------
    groups = []
    for class_name, folder, directions in CLASSES:
        for source, target in directions:
            key = "%s-%s" % (source, target)
            if not chosen("%s: %s" % (class_name, key)):
                continue
            path = os.path.join(corpus, folder, source + ".jsonl")
            lines, nbytes = count_lines(path), os.path.getsize(path)
            out = lambda name: os.path.join(outdir, "%s.%s.%s.jsonl" % (class_name, key, name))  # noqa: E731
            jq_full_source, jq_full_lines, jq_full_bytes = path, lines, nbytes
            jq_full_label = "jq peer (full mapping + hash)"
            if key == "buzzkit-appdna":
                jq_full_source = first_lines(path, JQ_FULL_SAMPLE, out("sample"))
                jq_full_lines, jq_full_bytes = JQ_FULL_SAMPLE, os.path.getsize(jq_full_source)
                jq_full_label = "jq peer (full, first %d lines)" % JQ_FULL_SAMPLE
            if key not in HASHED:
                jq_full_label = "jq peer (mapping, nothing to hash)"
            jq_tools = [Tool(jq_full_label, ["jq", "-n", "-c", "-S", "--arg", "dir", key, "--arg", "hash", "memo",
                                             "-f", jq_program, jq_full_source], jq_full_source, jq_full_lines,
                             jq_full_bytes, output=out("jqfull"))]
            if key in HASHED:
                jq_tools.append(Tool("jq peer (mapping, no hash)", ["jq", "-n", "-c", "-S", "--arg", "dir", key,
                                                                     "--arg", "hash", "none", "-f", jq_program, path],
                                     path, lines, nbytes, output=out("jqmap")))
            tools = [
                Tool("bridge-cli translate --jsonl --jobs 1", [opts.cli, "translate", "--to", target, "--jsonl",
                                                              "--jobs", "1", path], path, lines, nbytes,
                     output=out("bridge")),
                Tool("python peer script", [python, py_peer, "--json-library", "json", source, target], path, lines,
                     nbytes, stdin=True, output=out("python")),
            ] + ([Tool("orjson peer script", [orjson_python, py_peer, "--json-library", "orjson", source, target],
                       path, lines, nbytes, stdin=True, output=out("orjson"))] if orjson_python else []) + jq_tools + [
                Tool("bridge-cli … (default: %d threads)" % default_jobs(), [opts.cli, "translate", "--to", target,
                                                                            "--jsonl", path], path, lines, nbytes,
                     output=out("bridgeN")),
                Tool("floor: PushBridge parse+write", [opts.floor, path], path, lines, nbytes, output=out("floor")),
                Tool("floor: python loads/dumps", [python, py_peer, "--json-library", "json", "identity"], path,
                     lines, nbytes, stdin=True, output=out("pyid")),
            ] + ([Tool("floor: orjson loads/dumps", [orjson_python, py_peer, "--json-library", "orjson", "identity"],
                       path, lines, nbytes, stdin=True, output=out("orid"))] if orjson_python else []) + [
                Tool("floor: jq -c .", ["jq", "-c", ".", path], path, lines, nbytes, output=out("jqid")),
                Tool("floor: cat", ["cat", path], path, lines, nbytes, output=out("cat")),
            ]
            groups.append(((class_name, source, target), tools))

    # The streams: all.jsonl (the four seed vendors interleaved) --to buzzkit, and each real vendor's own
    # <source>-all.jsonl --to its target; each also on its first 1,000 lines. Only those of selected directions.
    selected = {(source, target) for (_, source, target), _ in groups}
    streams = []
    if not opts.only or selected & set(DIRECTIONS):
        streams.append(("all 4 vendors → buzzkit", all_path, "buzzkit", "all"))
    for source, target in REAL_DIRECTIONS:
        if source in STREAM_SOURCES and (not opts.only or (source, target) in selected):
            streams.append(("%s → %s" % (source, target), os.path.join(corpus, source + "-all.jsonl"), target,
                            source + "-all"))
    stream_pairs = []
    for name, path, target, stem in streams:
        small = first_lines(path, 1000, os.path.join(outdir, stem + "-1k.jsonl"))
        big = Tool("bridge-cli translate --to %s --jsonl (all)" % target, [opts.cli, "translate", "--to", target,
                   "--jsonl", path], path, count_lines(path), os.path.getsize(path),
                   output=os.path.join(outdir, stem + ".bridge.jsonl"))
        little = Tool("same, first 1,000 lines", [opts.cli, "translate", "--to", target, "--jsonl", small], small,
                      1000, os.path.getsize(small), output=os.path.join(outdir, stem + "-1k.bridge.jsonl"))
        stream_pairs.append((name, big, little))

    # The send logs: each direction on a log of payloads / 5 requests and on one ten times larger.
    send_pairs = []
    send_directions = [(s, t) for s, t in SEND_DIRECTIONS if chosen("send: %s-%s" % (s, t))]
    if send_directions:
        count = max(opts.payloads // 5, 1000)
        logs = {}
        for size, n in (("small", count), ("big", 10 * count)):
            folder = os.path.join(corpus, "send-%s" % size)
            sys.argv = ["generate_send_log.py", folder, str(n)]
            generate_send_log.main()
            logs[size] = folder
        with open(os.path.join(logs["big"], "onesignal.jsonl"), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        print("send logs: %s and %s requests per vendor, OneSignal log sha256 %s"
              % (fmt_int(count), fmt_int(10 * count), digest[:16]))
        for source, target in send_directions:
            pair = []
            for size in ("big", "small"):
                path = os.path.join(logs[size], source + ".jsonl")
                pair.append(Tool("bridge-cli send translate --jsonl (%s)" % size,
                                 [opts.cli, "send", "translate", "--from", source, "--to", target, "--jsonl", path],
                                 path, count_lines(path), os.path.getsize(path),
                                 output=os.path.join(outdir, "send.%s-%s.%s.jsonl" % (source, target, size))))
            # The Python peers of the larger log (peer_translate.py `send FROM TO`), checked byte for byte.
            peers = []
            if (source, target) in SEND_PEERS:
                path = os.path.join(logs["big"], source + ".jsonl")
                for label, interpreter, library in (("python peer script", python, "json"),
                                                    ("orjson peer script", orjson_python, "orjson")):
                    if interpreter:
                        peers.append(Tool(label, [interpreter, py_peer, "--json-library", library, "send", source,
                                                  target], path, count_lines(path), os.path.getsize(path),
                                          stdin=True, output=os.path.join(outdir, "send.%s-%s.%s.jsonl"
                                                                          % (source, target, library))))
            send_pairs.append(((source, target), pair[0], pair[1], peers))

    # A OneSignal app's history for `migrate`: the payloads' shapes and text vary (generate_history).
    migrate_pair = None
    if chosen("migrate: onesignal-braze"):
        histories = []
        for n in (opts.payloads, max(opts.payloads // 10, 1000)):
            path = os.path.join(corpus, "history-%d.jsonl" % n)
            os.makedirs(corpus, exist_ok=True)
            generate_history(path, n)
            histories.append(Tool("bridge-cli migrate (%dk)" % (n // 1000),
                                  [opts.cli, "migrate", "--from", "onesignal", "--to", "braze", "--payloads", path,
                                   "--out", os.path.join(outdir, "plan-%d" % n)], path, n, os.path.getsize(path),
                                  output=os.path.join(outdir, "migrate-%d.out" % n)))
        migrate_pair = tuple(histories)

    everything = [tool for _, tools in groups for tool in tools] + [t for _, b, s in stream_pairs for t in (b, s)]
    everything += [t for _, b, s, peers in send_pairs for t in [b, s] + peers]
    everything += list(migrate_pair or ())
    for _ in range(opts.runs):
        for tool in everything:
            tool.run()

    header = "%-28s %-34s %12s %9s %12s %10s  %s" % ("class: direction", "tool", "payloads/s", "MB/s",
                                                      "wall pl/s", "peak RSS", "output vs bridge-cli")
    print(header)
    print("-" * len(header))
    checks = []
    wall_checks = []  # (met, ratio, peer) of each throughput target read wall-clock: shown, not judged
    thread_costs = []  # CPU seconds of the default run ÷ those of the one-thread run, per pair
    floors = []
    summary = []  # one row per class/direction: the ratios of issue 35
    for (class_name, source, target), tools in groups:
        bridge = tools[0]
        for index, tool in enumerate(tools):
            if index == 0:
                verdict = "(reference)"
            elif tool.label.startswith("floor: PushBridge"):
                verdict = "(floor) " + compare(bridge.output, tool.output, ignore_category=False, only_count=True)
            elif tool.label.startswith("floor"):
                verdict = "(floor)"
            elif "no hash" in tool.label:
                verdict = compare(bridge.output, tool.output, ignore_category=True)
            elif tool.lines != bridge.lines:
                sample = first_lines(bridge.output, tool.lines, bridge.output + ".sample")
                verdict = compare(sample, tool.output)
            else:
                verdict = compare(bridge.output, tool.output)
            name = "%s: %s → %s" % (class_name, source, target) if index == 0 else ""
            print("%-28s %-34s %12s %9.1f %12s %10s  %s" % (name, tool.label, fmt_int(tool.rate), tool.mbps,
                                                            fmt_int(tool.wall_rate), fmt_mb(tool.median("rss_kib")),
                                                            verdict))
        python_peer = next(t for t in tools if t.label == "python peer script")
        orjson_peer = next((t for t in tools if t.label == "orjson peer script"), None)
        floor = next(t for t in tools if t.label.startswith("floor: PushBridge"))
        best_jq = max((t for t in tools if t.label.startswith("jq peer") and t.lines == bridge.lines),
                      key=lambda t: t.rate)
        compared = [t for t in tools[1:] if t.lines == bridge.lines]  # a tool run on a sample is shown only
        print("%-28s ratios per CPU second (bridge-cli ÷ tool): %s" % ("", "; ".join(
            "%s ×%.2f" % (t.label.replace("floor: ", ""), bridge.rate / t.rate) for t in compared)))
        print("%-28s ratios wall-clock: %s" % ("", "; ".join(
            "%s ×%.2f" % (t.label.replace("floor: ", ""), bridge.wall_rate / t.wall_rate) for t in compared)))
        print()
        direction = "%s: %s → %s" % (class_name, source, target)
        # Per CPU second: the one-thread run (the least CPU a payload takes). Wall-clock: the default run, on
        # as many threads as the machine has (what a person waits for).
        threaded = next(t for t in tools if t.label.startswith("bridge-cli … (default"))
        row = {"direction": direction, "bridge": bridge, "threaded": threaded, "floor": floor}
        for key, peer, target, name in (("orjson", orjson_peer, ORJSON_TARGET, "the orjson peer"),
                                        ("python", python_peer, PYTHON_TARGET, "the Python json peer"),
                                        ("jq", best_jq, JQ_TARGET, "the best jq (%s)" % best_jq.label[9:-1])):
            title = "%s ≥ %.1f× %s" % (direction, target, name)
            if peer is None:
                row[key] = None
                checks.append((title, False, "not measured (orjson is not installed)", "35"))
                continue
            ratio, wall = bridge.rate / peer.rate, threaded.wall_rate / peer.wall_rate
            row[key] = ratio
            wall_checks.append((wall >= target, wall, key))
            checks.append((title, ratio >= target, "×%.2f (wall ×%.2f)" % (ratio, wall), "35"))
        thread_costs.append(threaded.median("cpu") / bridge.median("cpu"))
        row["share"] = share = bridge.rate / floor.rate
        checks.append(("%s ≥ %.2f× PushBridge's parse+write floor" % (direction, FLOOR_SHARE_TARGET),
                       share >= FLOOR_SHARE_TARGET, "×%.2f (%s vs %s payloads/s)"
                       % (share, fmt_int(bridge.rate), fmt_int(floor.rate)), "35"))
        if class_name == "seed":
            checks.append(("%s: PushBridge's parse+write floor on %s.jsonl ≥ %.0f MB/s"
                           % (class_name, source, FLOOR_MBPS_TARGET), floor.mbps >= FLOOR_MBPS_TARGET,
                           "%.1f MB/s" % floor.mbps, "35"))
        row["rss"] = rss = max(max(s.rss_kib for s in t.samples) for t in (bridge, threaded))
        checks.append(("%s peak RSS ≤ %d MB (1 thread and default threads)" % (direction, RSS_LIMIT_MB),
                       rss * 1024 <= RSS_LIMIT_MB * MB, fmt_mb(rss), "35"))
        summary.append(row)
        floors.append((direction, bridge, [t for t in tools if t.label.startswith("floor") and "cat" not in t.label]))

    for (source, target), big, small, peers in send_pairs:
        for index, tool in enumerate([big, small] + peers):
            name = "send: %s → %s" % (source, target) if index == 0 else ""
            label = "send translate --jsonl (%sk)" % (tool.lines // 1000) if index < 2 else tool.label
            verdict = (compare(tool.source, tool.output, only_count=True) if index < 2
                       else compare(big.output, tool.output))
            print("%-24s %-34s %12s %9.1f %12s %10s  %s" % (name, label, fmt_int(tool.rate), tool.mbps,
                                                           fmt_int(tool.wall_rate), fmt_mb(tool.median("rss_kib")),
                                                           verdict))
        peer_by_label = {peer.label: peer for peer in peers}
        if (source, target) in SEND_PEERS:
            for label, target_ratio, name in (("orjson peer script", ORJSON_TARGET, "the orjson peer"),
                                              ("python peer script", PYTHON_TARGET, "the Python json peer")):
                title = "send: %s → %s ≥ %.1f× %s (requests per CPU second)" % (source, target, target_ratio, name)
                peer = peer_by_label.get(label)
                if peer is None:
                    checks.append((title, False, "not measured (orjson is not installed)", "35"))
                    continue
                ratio = big.rate / peer.rate
                checks.append((title, ratio >= target_ratio, "×%.2f (%s vs %s/s)"
                               % (ratio, fmt_int(big.rate), fmt_int(peer.rate)), "35"))
        checks.append(("send: %s → %s ≥ %s requests per CPU second" % (source, target, fmt_int(SEND_TARGET)),
                       big.rate >= SEND_TARGET, "%s/s" % fmt_int(big.rate), "send"))
        peak, small_peak = max(s.rss_kib for s in big.samples), max(s.rss_kib for s in small.samples)
        checks.append(("send: %s → %s peak RSS flat (%s lines ≤ %.1f× %s lines)"
                       % (source, target, fmt_int(big.lines), SEND_RSS_GROWTH, fmt_int(small.lines)),
                       peak <= SEND_RSS_GROWTH * small_peak, "%s vs %s" % (fmt_mb(peak), fmt_mb(small_peak)),
                       "send"))
    if migrate_pair:
        big, small = migrate_pair
        for index, tool in enumerate((big, small)):
            print("%-24s %-34s %12s %9.1f %12s %10s" % ("migrate: onesignal → braze" if index == 0 else "", tool.label,
                                                       fmt_int(tool.rate), tool.mbps, fmt_int(tool.wall_rate),
                                                       fmt_mb(tool.median("rss_kib"))))
        cpu = big.median("cpu")
        checks.append(("migrate: a plan over %s payloads in ≤ %.0f CPU seconds" % (fmt_int(big.lines), MIGRATE_CPU_SECONDS),
                       cpu <= MIGRATE_CPU_SECONDS, "%.2f s" % cpu, "migrate"))
        peak, small_peak = max(s.rss_kib for s in big.samples), max(s.rss_kib for s in small.samples)
        checks.append(("migrate: peak RSS flat (%s payloads ≤ %.1f× %s)" % (fmt_int(big.lines), SEND_RSS_GROWTH,
                                                                        fmt_int(small.lines)),
                       peak <= SEND_RSS_GROWTH * small_peak, "%s vs %s" % (fmt_mb(peak), fmt_mb(small_peak)),
                       "migrate"))
    for name, stream, stream_small in stream_pairs:
        print("%-24s %-34s %12s %9.1f %12s %10s" % (name, stream.label.split(" (")[0] + " (%dk)" % (stream.lines // 1000),
                                                   fmt_int(stream.rate), stream.mbps, fmt_int(stream.wall_rate),
                                                   fmt_mb(stream.median("rss_kib"))))
        print("%-24s %-34s %12s %9.1f %12s %10s" % ("", stream_small.label, fmt_int(stream_small.rate),
                                                   stream_small.mbps, fmt_int(stream_small.wall_rate),
                                                   fmt_mb(stream_small.median("rss_kib"))))
        peak = max(s.rss_kib for s in stream.samples)
        small_peak = max(s.rss_kib for s in stream_small.samples)
        checks.append(("%s: peak RSS on the %s-payload stream ≤ 16 MB, constant in input size"
                       % (name, fmt_int(stream.lines)),
                       peak * 1024 <= 16 * MB and (peak - small_peak) * 1024 <= MB,
                       "%s (1,000 lines: %s)" % (fmt_mb(peak), fmt_mb(small_peak)), "8"))
    print()

    # ---- the floor: translate against the best parse+write of the same files ----------------------------
    if floors:
        print("Floor: translate's payloads/s as a share of the parse+write floors of the same file (per CPU second)")
        for direction, bridge, floors_run in floors:
            print("  %-33s %s" % (direction, "; ".join(
                "%3.0f %% of %s (%s/s)" % (100 * bridge.rate / floor.rate, floor.label[7:], fmt_int(floor.rate))
                for floor in floors_run)))
        print()

    if opts.only:
        print("simulate and conformance: not run (--only %s)" % ", ".join(opts.only))
        print()
    else:
        run_simulate_and_conformance(opts, checks)

    unmet = 0
    if summary:
        print("Issue 35 per class and direction (per CPU second of --jobs 1; bridge-cli ÷ peer, ÷ floor):")
        print("  %-38s %9s %9s %9s %9s %10s" % ("class: direction", "orjson", "json", "best jq", "floor", "peak RSS"))
        for row in summary:
            print("  %-38s %9s %9s %9s %9s %10s" % (
                row["direction"], *("not run" if row[k] is None else "×%.2f" % row[k]
                                    for k in ("orjson", "python", "jq", "share")), fmt_mb(row["rss"])))
        print()
    for issue, title in (("35", "Targets of issue 35 (ratios per CPU second of --jobs 1 from this run; wall-clock "
                                "ratios of the default run beside)"),
                         ("8", "Targets of issues 8 and 12, still held"),
                         ("migrate", "Targets of migrate (CPU seconds of the plan; peak RSS against a tenth of the "
                                     "history)"),
                         ("send", "Targets of send translate --jsonl (requests per CPU second on the larger log; "
                                  "peak RSS of the larger log against the smaller)")):
        if not any(owner == issue for _, _, _, owner in checks):
            continue
        print(title + ":")
        for name, met, value, owner in checks:
            if owner == issue:
                unmet += not met
                status = "met" if met else ("not measured" if value.startswith("not measured") else "NOT MET")
                print("  %-12s %-74s %s" % (status, name, value))
    if wall_checks:
        print()
        print("The same throughput targets read wall-clock (shown, not judged: wall time depends on the machine's "
              "load;\n  load average %s at the start, %s at the end; bridge-cli used %d threads, its default):"
              % (load_at_start, "%.1f" % os.getloadavg()[0], default_jobs()))
        for peer, target, name in (("orjson", ORJSON_TARGET, "orjson peer"), ("python", PYTHON_TARGET, "Python json peer"),
                                   ("jq", JQ_TARGET, "best jq")):
            rows = [(met, ratio) for met, ratio, who in wall_checks if who == peer]
            if rows:
                print("  %d of %d pairs ≥ %.1f× the %s, wall ×%.2f–×%.2f" % (
                    sum(met for met, _ in rows), len(rows), target, name, min(r for _, r in rows),
                    max(r for _, r in rows)))
        if thread_costs:
            print("  CPU seconds of the default run ÷ the one-thread run: median ×%.2f (×%.2f–×%.2f over %d pairs)"
                  % (statistics.median(thread_costs), min(thread_costs), max(thread_costs), len(thread_costs)))
    if not opts.keep_outputs:
        shutil.rmtree(outdir, ignore_errors=True)
    print()
    print("%d of %d targets met; benchmark took %.0f s" % (len(checks) - unmet, len(checks), time.time() - began))
    return 1 if unmet else 0


if __name__ == "__main__":
    sys.exit(main())
