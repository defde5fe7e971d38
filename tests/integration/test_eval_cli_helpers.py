"""The helpers the `quipu eval` commands share: split check, ids, progress lines, a refused run."""

from types import SimpleNamespace

import pytest
import typer

from quipu.adapters.cli.evaluate import check_split, exit_if_refused, id_list, progress_printer


def test_a_split_outside_the_allowed_ones_is_a_bad_parameter_naming_them():
    check_split("heldout", ("regression", "heldout"))
    with pytest.raises(typer.BadParameter, match="split must be regression, heldout or all"):
        check_split("other", ("regression", "heldout", "all"))


def test_ids_drop_the_empty_ones():
    assert id_list("a,,b,") == ("a", "b")
    assert id_list("") == ()


def test_progress_prints_each_verdict_but_not_on_held_out_runs(capsys):
    done = SimpleNamespace(verdict=SimpleNamespace(correct=False, failures=["x", "y"]), name="s-1")
    progress_printer("regression", lambda d: d.name)(done)
    progress_printer("heldout", lambda d: d.name)(done)
    assert capsys.readouterr().out == "BAD s-1 x; y\n"


def test_a_refused_run_exits_2_with_the_reason(capsys):
    def refused():
        raise PermissionError("held-out runs are not allowed here")

    with pytest.raises(typer.Exit) as exited:
        exit_if_refused(refused)
    assert exited.value.exit_code == 2
    assert "not allowed here" in capsys.readouterr().err
    assert exit_if_refused(lambda: 7) == 7
