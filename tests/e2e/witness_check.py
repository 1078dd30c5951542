#!/usr/bin/env python3
"""Checks an SV-COMP witness 2.0 (YAML) written by arr2scalar verify --witness:
every field the format requires, read with libyaml (PyYAML's CSafeLoader).

usage: witness_check.py WITNESS KIND INPUT [MIN_ITEMS]
  KIND: correctness (invariant_set) or violation (violation_sequence)
  INPUT: the program file, spelled as given to verify
  MIN_ITEMS: at least this many invariants (correctness) or waypoints before
             the target (violation)
Prints what is wrong and exits 1, or prints a summary.
"""
import hashlib, re, sys, uuid, datetime

import yaml

path, kind, source = sys.argv[1], sys.argv[2], sys.argv[3]
min_items = int(sys.argv[4]) if len(sys.argv) > 4 else 0
errors = []


def need(cond, what):
    if not cond:
        errors.append(what)
    return cond


try:
    loader = yaml.CSafeLoader  # libyaml
except AttributeError:
    print("SKIP: PyYAML without libyaml")
    sys.exit(77)
with open(path, encoding="utf-8") as f:
    doc = yaml.load(f, Loader=loader)

ENTRY = {"correctness": "invariant_set", "violation": "violation_sequence"}[kind]
lines = open(source, encoding="utf-8").read().split("\n")


def check_location(loc, where):
    if not need(isinstance(loc, dict), f"{where}: location is not a map"):
        return
    need(loc.get("file_name") == source, f"{where}: file_name {loc.get('file_name')!r} is not {source!r}")
    line, col = loc.get("line"), loc.get("column")
    need(isinstance(line, int) and 1 <= line <= len(lines), f"{where}: bad line {line!r}")
    need(isinstance(col, int) and col >= 1, f"{where}: bad column {col!r}")
    if isinstance(line, int) and isinstance(col, int) and 1 <= line <= len(lines):
        need(col <= len(lines[line - 1]), f"{where}: column {col} past the end of line {line}")
    if "function" in loc:
        need(isinstance(loc["function"], str) and loc["function"], f"{where}: bad function")


def text_at(loc):
    return lines[loc["line"] - 1][loc["column"] - 1:]


if need(isinstance(doc, list) and len(doc) == 1, "not a sequence of one entry"):
    entry = doc[0]
    need(set(entry) == {"entry_type", "metadata", "content"}, f"entry keys {sorted(entry)}")
    need(entry.get("entry_type") == ENTRY, f"entry_type {entry.get('entry_type')!r}")
    md = entry.get("metadata", {})
    need(md.get("format_version") == "2.0", f"format_version {md.get('format_version')!r} (a string)")
    try:
        uuid.UUID(str(md.get("uuid")))
    except ValueError:
        errors.append(f"uuid {md.get('uuid')!r}")
    try:
        t = datetime.datetime.fromisoformat(str(md.get("creation_time")))
        need(t.tzinfo is not None, "creation_time without a time zone")
    except ValueError:
        errors.append(f"creation_time {md.get('creation_time')!r}")
    prod = md.get("producer", {})
    need(prod.get("name") == "arr2scalar", "producer.name")
    need(isinstance(prod.get("version"), str) and prod.get("version"), "producer.version (a string)")
    task = md.get("task", {})
    need(task.get("input_files") == [source], f"task.input_files {task.get('input_files')!r}")
    digest = hashlib.sha256(open(source, "rb").read()).hexdigest()
    need(task.get("input_file_hashes") == {source: digest}, "task.input_file_hashes (sha256)")
    need(task.get("specification") == "CHECK( init(main()), LTL(G ! call(reach_error())) )",
         f"task.specification {task.get('specification')!r}")
    need(task.get("data_model") in ("ILP32", "LP64"), f"task.data_model {task.get('data_model')!r}")
    need(task.get("language") == "C", "task.language")
    content = entry.get("content")
    need(isinstance(content, list), "content is not a list")
    content = content if isinstance(content, list) else []
    if kind == "correctness":
        for i, item in enumerate(content):
            inv = item.get("invariant") if isinstance(item, dict) else None
            if not need(isinstance(inv, dict) and set(item) == {"invariant"}, f"item {i}: not an invariant"):
                continue
            need(inv.get("type") in ("loop_invariant", "location_invariant"), f"item {i}: type {inv.get('type')!r}")
            check_location(inv.get("location"), f"item {i}")
            need(inv.get("format") == "c_expression", f"item {i}: format")
            v = inv.get("value")
            need(isinstance(v, str) and v and not re.search(r"forall|\\|@|'|->|_x[0-9]|__in", v),
                 f"item {i}: value {v!r} is not a C expression over program variables")
            if inv.get("type") == "loop_invariant" and not errors:
                need(re.match(r"(for|while|do)\b", text_at(inv["location"])),
                     f"item {i}: a loop_invariant not at a loop keyword")
        need(len(content) >= min_items, f"{len(content)} invariants, want at least {min_items}")
    else:
        for i, seg in enumerate(content):
            wps = seg.get("segment") if isinstance(seg, dict) else None
            if not need(isinstance(wps, list) and wps, f"segment {i}: empty or not a segment"):
                continue
            last = wps[-1].get("waypoint", {})
            need(last.get("action") == "follow", f"segment {i}: does not end with a follow waypoint")
            for wp in wps:
                w = wp.get("waypoint", {})
                need(w.get("type") in ("assumption", "target", "function_enter", "function_return", "branching"),
                     f"segment {i}: waypoint type {w.get('type')!r}")
                need(w.get("action") in ("follow", "avoid"), f"segment {i}: action")
                check_location(w.get("location"), f"segment {i}")
                if w.get("type") == "function_return":
                    c = w.get("constraint", {})
                    need(c.get("format") == "acsl_expression" and re.fullmatch(r"\\result == -?[0-9]+", str(c.get("value"))),
                         f"segment {i}: constraint {c!r}")
                    if not errors:
                        need(text_at(w["location"]).startswith(")"), f"segment {i}: not at the ')' of a call")
                if w.get("type") == "target":
                    need(i == len(content) - 1, f"segment {i}: a target before the last segment")
        if need(content, "no segment"):
            tgt = content[-1]["segment"][-1].get("waypoint", {})
            need(tgt.get("type") == "target", "the last waypoint is not the target")
            if not errors:
                need(re.match(r"(reach_error|__VERIFIER_error)\b", text_at(tgt["location"])),
                     "the target is not a call of reach_error (or __VERIFIER_error)")
        need(len(content) - 1 >= min_items, f"{len(content) - 1} waypoints before the target, want {min_items}")

if errors:
    for e in errors:
        print(f"{path}: {e}")
    sys.exit(1)
print(f"{path}: {ENTRY} with {len(doc[0]['content'])} items: every required field")
