"""Checks mapper_spark on real GitHub issues with broken lines among them (run by script/spark).

- light (script/test): local mode, 2 cores, the 663 issues of the benchmarks' data set with broken
  lines mixed in, in 4 partitions.
- full: COPIES copies of them (a few hundred thousand records), in local mode and on a standalone
  cluster on loopback (a master and two workers started with Spark's own classes, by script/spark),
  a mapper process killed in the middle of a partition, and the throughput of 1 and 2 workers next to
  `mapper decode --ndjson --jobs 2` on the same data.

What the job must give comes from mapper on one machine, independently of Spark:
`mapper decode Issue --ndjson --reject-file` over the same lines; its stdout is what `mapped` must
hold, byte for byte and in order (by the row ids), and its dead letters name the lines `rejected`
must hold. Every row id must come out once.
usage: check_spark.py MAPPER light|full|cluster [MASTER_URL …] (cluster: only the given masters)
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql.types import LongType, StringType, StructField, StructType  # noqa: E402

from mapper_spark import map_json  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
ISSUES = os.path.join(ROOT, "Benchmarks/MapperBenchmarks/Resources/issues-mixed-2mb.ndjson")
CATALOG = os.path.join(ROOT, "Mappings")
NOW = "2024-05-01T00:00:00Z"
BROKEN = ['{"number": 1', '', 'null', '{"url": 7}', '[1, 2', '{"title": "no number"}', '\u00e9t\u00e9 "quoted"']


def fail(message):
    sys.exit(f"check_spark: {message}")


def records(copies):
    """The issues `copies` times (each copy's numbers shifted, so records differ), a broken line
    after every 50th."""
    with open(ISSUES, encoding="utf-8") as file:
        issues = [line.rstrip("\n") for line in file if line.strip()]
    lines = []
    for copy in range(copies):
        for index, issue in enumerate(issues):
            if copy:
                issue = issue.replace('"number":', f'"number":{copy}0', 1)
            lines.append(issue)
            if index % 50 == 49:
                lines.append(BROKEN[(copy + index // 50) % len(BROKEN)])
    return lines


def one_machine(mapper, lines, workdir):
    """What mapper gives without Spark: the digests of the mapped lines in order, the ids (line
    numbers) of the rejected ones, and the time it took."""
    source = os.path.join(workdir, "input.ndjson")
    rejects = os.path.join(workdir, "rejected.ndjson")
    with open(source, "w", encoding="utf-8") as file:
        file.write("".join(line + "\n" for line in lines))
    started = time.monotonic()
    with open(os.path.join(workdir, "mapped.ndjson"), "wb") as out:
        result = subprocess.run([mapper, "decode", "Issue", source, "--ndjson", "--jobs", "2", "--now", NOW,
                                 "--reject-file", rejects, "--mappings", CATALOG], stdout=out, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        fail(f"mapper decode --ndjson failed: {result.stderr.decode()[:500]}")
    with open(os.path.join(workdir, "mapped.ndjson"), "rb") as file:
        mapped = [digest(line.rstrip(b"\n")) for line in file]
    with open(rejects, encoding="utf-8") as file:
        rejected = [json.loads(line)["line"] for line in file]
    # `--ndjson` skips blank lines; in the envelope (and so in Spark) they are rejected records.
    rejected = sorted(rejected + [number for number, line in enumerate(lines, start=1) if not line.strip()])
    return mapped, rejected, elapsed


def digest(data):
    return hashlib.sha256(data).hexdigest()


def run_job(spark, source, partitions, **options):
    """map_json over the input file, its lines numbered from 1 (`id`): (id, digest of the mapped
    text) and (id, input, errors) sorted by id, and the time taken."""
    numbered = spark.sparkContext.textFile(source, partitions).zipWithIndex().map(lambda pair: (pair[1] + 1, pair[0]))
    schema = StructType([StructField("id", LongType()), StructField("body", StringType())])
    df = spark.createDataFrame(numbered, schema)
    started = time.monotonic()
    mapped, rejected = map_json(df, "body", "Issue", CATALOG, keep=["id"], now=NOW, **options)
    got_mapped = sorted(mapped.rdd.map(lambda row: (row.id, digest(row.mapped.encode("utf-8")))).collect())
    got_rejected = sorted((row.id, row.input, row.errors) for row in rejected.collect())
    return got_mapped, got_rejected, time.monotonic() - started


def check(lines, expected, got, label):
    mapped, rejected_ids, _ = expected
    got_mapped, got_rejected, _ = got
    ids = [id for id, _ in got_mapped] + [id for id, _, _ in got_rejected]
    if len(ids) != len(lines) or set(ids) != set(range(1, len(lines) + 1)):
        fail(f"{label}: {len(lines)} records in, {len(got_mapped)} mapped + {len(got_rejected)} rejected, "
             f"{len(ids) - len(set(ids))} duplicated")
    if [id for id, _, _ in got_rejected] != rejected_ids:
        fail(f"{label}: rejected ids differ from the reject file's lines")
    for id, text, errors in got_rejected:
        if text != lines[id - 1] or not json.loads(errors)[0]["code"]:
            fail(f"{label}: rejected record {id} does not carry its input and errors")
    if [text for _, text in got_mapped] != mapped:
        first = next(i for i, (a, b) in enumerate(zip([t for _, t in got_mapped], mapped)) if a != b)
        fail(f"{label}: mapped record {got_mapped[first][0]} differs from mapper decode --ndjson's")
    print(f"{label}: {len(got_mapped)} mapped + {len(got_rejected)} rejected = {len(lines)} records, each once; "
          f"mapped byte for byte as mapper decode --ndjson")


def session(master, name, mapper, marker):
    os.environ.update(MAPPER_REAL=mapper, MAPPER_DIES_ONCE=marker)
    spark = (SparkSession.builder.master(master).appName(name)
             .config("spark.ui.enabled", "false").config("spark.task.maxFailures", "4")
             .config("spark.driver.memory", "4g").config("spark.ui.showConsoleProgress", "false")
             .config("spark.executorEnv.MAPPER_REAL", mapper).config("spark.executorEnv.MAPPER_DIES_ONCE", marker)
             .getOrCreate())
    # The task the test kills is expected to fail: Spark's warnings about it are noise here.
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def main():
    mapper, form = sys.argv[1], sys.argv[2]
    mapper = os.path.abspath(mapper)
    copies = int(os.environ.get("COPIES", "300")) if form in ("full", "cluster") else 1
    lines = records(copies)
    with tempfile.TemporaryDirectory() as workdir:
        expected = one_machine(mapper, lines, workdir)
        # local[2,4]: two cores, and a task may fail 4 times (local mode does not retry otherwise).
        masters = (["local[2,4]"] if form != "cluster" else []) + sys.argv[3:]
        partitions = 4 if form == "light" else 16
        dies_once = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mapper-dies-once")
        for number, master in enumerate(masters):
            label = master if master.startswith("local") else f"{master} ({os.environ.get('WORKERS', '?')} workers)"
            spark = session(master, "mapper-spark-check", mapper, os.path.join(workdir, f"died-{number}"))
            source = os.path.join(workdir, "input.ndjson")
            got = run_job(spark, source, partitions, mapper=mapper)
            check(lines, expected, got, label)
            print(f"{label}: {len(lines)} records in {got[2]:.1f} s ({len(lines) / got[2]:.0f} records/s); "
                  f"mapper decode --ndjson --jobs 2 on one machine: {expected[2]:.1f} s "
                  f"({len(lines) / expected[2]:.0f} records/s)")
            killed = run_job(spark, source, partitions, mapper=dies_once)
            if not os.path.isdir(os.path.join(workdir, f"died-{number}")):
                fail(f"{label}: no mapper process was killed")
            check(lines, expected, killed, f"{label}, a mapper process killed mid-partition and its task retried")
            spark.stop()


if __name__ == "__main__":
    main()
