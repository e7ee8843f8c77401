"""Mapping a column of JSON strings on Apache Spark with mapper.

Each partition is mapped by one long-lived `mapper … --ndjson --envelope --jobs 1` process (Spark
owns the parallelism): its records are written to the process's stdin, one line each, while a
second thread reads the one answer line each record gets (docs/guides/pipelines.md). The catalog
travels to the executors with `SparkContext.addFile` (a folder as an archive, `addArchive`). A process that dies, or answers out of step,
fails the task, so Spark retries it; with `now` and `uuid_seed` set, a retried partition maps to
the same bytes, so the job's result has no duplicates and no loss.

    from mapper_spark import map_json
    mapped, rejected = map_json(df, "body", "Issue", catalog="Mappings", now="2024-05-01T00:00:00Z")

`mapped` has the column `mapped` (the canonical JSON text, byte for byte what `mapper decode
--ndjson` writes) next to the columns in `keep`; `rejected` has `input` (the record as given),
`errors` (the `--error-format json` objects, as a JSON array text) and `keep`'s columns.
"""

import json
import os
import shutil
import subprocess
import tempfile
import threading
import uuid
import zipfile

from pyspark import SparkFiles
from pyspark.sql.types import StringType, StructField, StructType

__all__ = ["map_json", "MapperFailed"]

_OK = b'{"ok":'
_DECODER = json.JSONDecoder()


class MapperFailed(RuntimeError):
    """The mapper process died or broke the envelope contract: the task fails and Spark retries it."""


def map_json(df, column, model, catalog, *, direction="decode", target=None, keep=(), now=None, uuid_seed=None,
             mapper=None):
    """Maps the JSON strings of `column` with the catalog at `catalog` (a file or a folder).

    direction: "decode" (external → canonical), "encode" (canonical → external) or "convert"
    (decode as `model`, encode as `target`). Returns (mapped, rejected) DataFrames, computed from
    one cached pass: every input row is in exactly one of them (a null in `column` is rejected).
    """
    if direction not in ("decode", "encode", "convert"):
        raise ValueError(f"direction must be decode, encode or convert, not {direction!r}")
    if (direction == "convert") != (target is not None):
        raise ValueError("give target= with direction='convert', and only then")
    catalog = os.path.abspath(catalog)
    if not os.path.exists(catalog):
        raise FileNotFoundError(f"no catalog at {catalog!r}")
    spark = df.sparkSession
    shipped = _ship_catalog(spark.sparkContext, catalog)
    _ship_package(spark.sparkContext)
    arguments = [direction, model] + ([target] if target else []) + ["--ndjson", "--envelope", "--jobs", "1"]
    if now:
        arguments += ["--now", now]
    if uuid_seed:
        arguments += ["--uuid-seed", uuid_seed]
    binary = mapper or os.environ.get("MAPPER_BINARY") or shutil.which("mapper") or "mapper"
    keep = list(keep)
    plan = _Plan(binary, arguments, shipped, len(keep))
    schema = StructType([StructField("ok", StringType()), StructField("input", StringType()),
                         StructField("errors", StringType())] + [df.schema[name] for name in keep])
    rows = df.select(column, *keep).rdd.mapPartitions(plan.run)
    both = spark.createDataFrame(rows, schema).cache()
    mapped = both.where(both.ok.isNotNull()).select(both.ok.alias("mapped"), *keep)
    rejected = both.where(both.ok.isNull()).select("input", "errors", *keep)
    return mapped, rejected


_shipped = set()


def _ship_catalog(context, catalog):
    """Sends the catalog to the executors; the name `SparkFiles.get` finds it by there. A file goes
    as it is; a folder as a zip archive that Spark unpacks (it sends no local folders to a cluster)."""
    if os.path.isfile(catalog):
        context.addFile(catalog)
        return os.path.basename(catalog)
    name = f"mapper-catalog-{uuid.uuid4().hex}.zip"
    archive = os.path.join(tempfile.mkdtemp(prefix="mapper-spark-"), name)
    with zipfile.ZipFile(archive, "w") as zipped:
        for directory, _, files in os.walk(catalog, followlinks=True):
            for file in sorted(files):
                path = os.path.join(directory, file)
                zipped.write(path, os.path.relpath(path, catalog))
    context.addArchive(archive)
    return name


def _ship_package(context):
    """Sends this package to the executors (once per SparkContext), so that they need no copy of
    their own: the partitions run `_Plan.run`, which lives here."""
    if id(context) in _shipped:
        return
    package = os.path.dirname(os.path.abspath(__file__))
    archive = os.path.join(tempfile.mkdtemp(prefix="mapper-spark-"), "mapper_spark.zip")
    with zipfile.ZipFile(archive, "w") as zipped:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                zipped.write(os.path.join(package, name), os.path.join("mapper_spark", name))
    context.addPyFile(archive)
    _shipped.add(id(context))


class _Plan:
    """What an executor needs to map a partition (pickled into the task)."""

    def __init__(self, binary, arguments, catalog_name, kept):
        self.binary, self.arguments, self.catalog_name, self.kept = binary, arguments, catalog_name, kept

    def run(self, rows):
        command = [self.binary] + self.arguments + ["--mappings", SparkFiles.get(self.catalog_name)]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        pending = []  # (input text, kept values) of the records written and not yet answered, in order
        lock = threading.Condition()
        state = {"written": 0, "done": False, "error": None}

        def feed():
            try:
                for row in rows:
                    text = row[0]
                    # A raw line break can only be JSON whitespace (strings cannot hold one):
                    # a space keeps the record's meaning on one line.
                    line = b"" if text is None else text.replace("\r", " ").replace("\n", " ").encode("utf-8")
                    with lock:
                        pending.append((text, tuple(row[1:])))
                        state["written"] += 1
                    process.stdin.write(line + b"\n")
                process.stdin.close()
            except BaseException as error:  # noqa: BLE001 - handed to the reading thread
                state["error"] = error
                try:
                    process.stdin.close()
                except OSError:
                    pass
            finally:
                with lock:
                    state["done"] = True

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        answered = 0
        for answer in process.stdout:
            with lock:
                if not pending:
                    process.kill()
                    raise MapperFailed(f"mapper answered more lines than it was given: {answer[:200]!r}")
                text, kept = pending.pop(0)
            answered += 1
            yield self._row(answer.rstrip(b"\n"), text, kept, answered)
        writer.join()
        status = process.wait()
        stderr = process.stderr.read().decode("utf-8", "replace")
        if state["error"] is not None and not isinstance(state["error"], BrokenPipeError):
            raise MapperFailed(f"reading the partition failed: {state['error']!r}")
        if status != 0 or pending:
            raise MapperFailed(f"mapper exited with status {status} after answering {answered} of "
                               f"{state['written']} records: {stderr.strip()[:2000]}")

    def _row(self, answer, text, kept, number):
        if text is None:
            errors = [{"pointer": "", "path": "", "message": "the column is null", "source": "", "code": "invalid-input"}]
            return (None, None, json.dumps(errors)) + kept
        if answer.startswith(_OK):
            # The mapped record exactly as mapper wrote it: the value after "ok", up to its end
            # (without warnings, the line's last byte closes the envelope).
            decoded = answer.decode("utf-8")
            if b'"warnings":' not in answer:
                return (decoded[len(_OK):-1], None, None) + kept
            _, end = _DECODER.raw_decode(decoded, len(_OK))
            return (decoded[len(_OK):end], None, None) + kept
        try:
            envelope = json.loads(answer)
            errors = envelope["error"]["errors"]
        except (ValueError, KeyError, TypeError) as error:
            raise MapperFailed(f"answer {number} is not an envelope line: {answer[:200]!r}") from error
        return (None, text, json.dumps(errors, ensure_ascii=False)) + kept


def read_text(spark, path):
    """A text dataset (NDJSON files) as a DataFrame with one column `value`, for `map_json`."""
    return spark.read.text(path)

