"""The examples of README.md's Python section and of g2048(3) run as
written."""

import os
import re
import subprocess
import sys

from conftest import ROOT


def run_python(code):
    env = dict(os.environ)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_the_readme_python_example_runs():
    with open(os.path.join(ROOT, "README.md")) as f:
        blocks = re.findall(r"^```python\n(.*?)^```", f.read(), re.M | re.S)
    assert blocks
    for code in blocks:
        out = run_python(code)
        assert out.startswith("score ") and "seed 1\n" in out
        assert out.rstrip().endswith("1.0")


def test_the_manual_page_examples_run():
    with open(os.path.join(ROOT, "man", "g2048.3")) as f:
        page = f.read()
    examples = page[page.index(".Sh EXAMPLES"):page.index(".Sh SEE ALSO")]
    blocks = re.findall(r"^\.Bd -literal -offset indent\n(.*?)^\.Ed",
                        examples, re.M | re.S)
    assert len(blocks) == 2
    outs = [run_python(code.replace("\\e", "\\")) for code in blocks]
    assert outs[0].split()[1] == "True"
    assert outs[1].count("score ") == 3


def test_the_td_example_trains_and_compares_with_random_play():
    p = subprocess.run([sys.executable, os.path.join(ROOT, "examples",
                                                     "td-ntuple.py"),
                        "--games", "20", "--games-at-once", "64",
                        "--eval-games", "40"], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("trained on ")
    assert lines[1].split()[:3] == ["player", "mean", "score"]
    assert [line.split()[0] for line in lines[2:]] == ["net", "random"]
