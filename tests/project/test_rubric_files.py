"""Rubric files: the shipped vicr5 scale and clear messages for broken ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import RubricError
from annotator.project.answer_model import ScaleOrder
from annotator.project.folder import open_project
from annotator.project.rubric import available_rubrics, load_rubric, load_rubric_file, rubrics_dir
from annotator.resources import sample_project_dir

LEVEL = """
[[levels]]
value = {value}
key = "{key}"
label = "Level {key}"
text = "What level {key} means."
"""


def rubric_text(*, header: str | None = None, levels: list[str] | None = None) -> str:
    head = header if header is not None else 'id = "test"\nname = "Test"\nquestion = "How good?"\n'
    body = levels if levels is not None else [LEVEL.format(value=v, key=v) for v in (1, 2, 3)]
    return head + "".join(body)


def write(tmp_path: Path, text: str, name: str = "test") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_vicr5_has_five_levels_on_keys_one_to_five():
    rubric = load_rubric("vicr5")
    assert rubric.rubric_id == "vicr5"
    assert [level.value for level in rubric.levels] == [1, 2, 3, 4, 5]
    assert [level.key for level in rubric.levels] == ["1", "2", "3", "4", "5"]
    assert rubric.levels[-1].label == "Full scene + meaning"
    assert rubric.question.endswith("?")
    assert all(len(level.text) > 40 for level in rubric.levels)


def test_vicr5_is_available():
    assert "vicr5" in available_rubrics()


@pytest.mark.parametrize("name", ["nosuch", "../vicr5", "vicr5.toml"])
def test_unknown_rubric_names_what_exists(name):
    with pytest.raises(RubricError, match="vicr5") as caught:
        load_rubric(name)
    assert name in str(caught.value)


def test_a_well_formed_file_loads(tmp_path):
    rubric = load_rubric_file(write(tmp_path, rubric_text()))
    assert [level.value for level in rubric.levels] == [1, 2, 3]
    assert rubric.dwell_seconds is None  # the app's default


@pytest.mark.parametrize(("value", "expected"), [("5", 5.0), ("0.5", 0.5), ('"5"', None),
                                                 ("601", None), ("true", None)])
def test_a_rubric_may_set_its_minimum_dwell(tmp_path, value, expected):
    text = rubric_text(header=f'id = "test"\nname = "Test"\nquestion = "How good?"\n'
                              f"[defaults]\ndwell_seconds = {value}\n")
    if expected is None:
        with pytest.raises(RubricError, match="dwell_seconds must be a number") as caught:
            load_rubric_file(write(tmp_path, text))
        assert caught.value.line == 5
    else:
        assert load_rubric_file(write(tmp_path, text)).dwell_seconds == expected


def test_the_old_top_level_dwell_names_its_new_place(tmp_path):
    text = rubric_text(header='id = "test"\nname = "Test"\nquestion = "How good?"\n'
                              "dwell_seconds = 3\n")
    with pytest.raises(RubricError, match=r"\[defaults\] table") as caught:
        load_rubric_file(write(tmp_path, text))
    assert caught.value.line == 4


@pytest.mark.parametrize(("table", "line", "expected"), [
    ("feedback = 1", 5, "feedback must be true or false"),
    ("washout = 3", 5, "may set dwell_seconds"),
])
def test_protocol_defaults_are_checked(tmp_path, table, line, expected):
    text = rubric_text(header='id = "test"\nname = "Test"\nquestion = "How good?"\n'
                              f"[defaults]\n{table}\n")
    with pytest.raises(RubricError, match=expected) as caught:
        load_rubric_file(write(tmp_path, text))
    assert caught.value.line == line


@pytest.mark.parametrize(
    ("levels", "line", "expected"),
    [
        ([LEVEL.format(value=1, key=1), LEVEL.format(value=2, key="ab")], 11, "Level 2"),
        ([LEVEL.format(value=1, key=1), LEVEL.format(value='"two"', key=2)], 11, "number 'value'"),
        ([LEVEL.format(value=1, key=1), '\n[[levels]]\nvalue = 2\nkey = "2"\n'], 11, "'label'"),
        ([LEVEL.format(value=1, key=1)], 5, "at least two [[levels]]"),
        ([LEVEL.format(value=1, key=1), LEVEL.format(value=1, key=2)], 5, "distinct"),
    ],
    ids=["long-key", "text-value", "no-label", "one-level", "same-values"],
)
def test_a_malformed_level_is_named_with_file_and_line(tmp_path, levels, line, expected):
    path = write(tmp_path, rubric_text(levels=levels))
    with pytest.raises(RubricError) as caught:
        load_rubric_file(path)
    assert (caught.value.file, caught.value.line) == (path, line)
    assert expected in caught.value.message
    assert str(caught.value).startswith(f"{path}:{line}: ")


def test_invalid_toml_names_the_line(tmp_path):
    path = write(tmp_path, rubric_text() + "\nvalue = = 3\n")
    with pytest.raises(RubricError, match="not valid TOML") as caught:
        load_rubric_file(path)
    assert caught.value.line == 23


def test_id_must_match_the_file_name(tmp_path):
    path = write(tmp_path, rubric_text(), name="other")
    with pytest.raises(RubricError, match=r"must match the file name other\.toml") as caught:
        load_rubric_file(path)
    assert caught.value.line == 1


def test_missing_question_is_named(tmp_path):
    path = write(tmp_path, rubric_text(header='id = "test"\nname = "Test"\n'))
    with pytest.raises(RubricError, match="'question'"):
        load_rubric_file(path)


def test_the_shipped_protocol_rubrics() -> None:
    assert {"vicr5", "flickr8k4", "vcr5", "good-bad-skip"} <= set(available_rubrics())
    assert [lv.value for lv in load_rubric("flickr8k4").levels] == [1, 2, 3, 4]
    vcr5 = load_rubric("vcr5")
    assert [(lv.key, lv.value) for lv in vcr5.levels] == [
        ("1", 1), ("2", 0.75), ("3", 0.5), ("4", 0.25), ("5", 0)]
    binary = load_rubric("good-bad-skip")
    assert [lv.value for lv in binary.levels] == [1, 0] and binary.skip is not None
    assert [o.key for o in binary.options] == ["y", "n", "s"]  # as a reader expects
    assert binary.option_for_value(-1).label == "Skip" and binary.level_for_value(-1) is None
    assert vcr5.best_first and not any(load_rubric(name).best_first for name in (
        "vicr5", "flickr8k4", "good-bad-skip", "contextref"))


@pytest.mark.parametrize("name", available_rubrics())
def test_every_shipped_answer_has_a_short_example_and_digit_keys_run_left_to_right(
        name: str) -> None:
    rubric = load_rubric(name)
    for option in rubric.options:
        assert 0 < len(option.example) <= 240, (name, option.key)
    keys = [level.key for level in rubric.levels]
    if all(key.isdigit() for key in keys):
        assert keys == [str(n) for n in range(1, len(keys) + 1)]


def test_every_example_taken_from_a_paper_cites_it() -> None:
    """An example in quotation marks with ratings is a paper's; it names its figure."""
    for name in available_rubrics():
        for option in load_rubric(name).options:
            if "rated" in option.example or "on average" in option.example or \
                    "chose" in option.example:
                assert "Figure" in option.example or "§" in option.example, option.example


def test_digit_keys_out_of_order_are_refused_with_the_line(tmp_path) -> None:
    levels = [LEVEL.format(value=v, key=k) for v, k in ((1, 2), (2, 1), (3, 3))]
    with pytest.raises(RubricError, match="count up by one from left to right") as caught:
        load_rubric_file(write(tmp_path, rubric_text(levels=levels)))
    assert caught.value.line == 5  # the first [[levels]] table


def test_an_example_must_be_text(tmp_path) -> None:
    level = LEVEL.format(value=1, key=1) + "example = 3\n"
    with pytest.raises(RubricError, match="example must be a text"):
        load_rubric_file(write(tmp_path, rubric_text(levels=[level, LEVEL.format(value=2,
                                                                                 key=2)])))


def test_a_skip_answer_needs_its_own_key_and_no_level_may_use_its_value(tmp_path) -> None:
    skip = '\n[skip]\nkey = "1"\nlabel = "Skip"\ntext = "Skip this pair."\n'
    with pytest.raises(RubricError, match="needs its own key"):
        load_rubric_file(write(tmp_path, rubric_text() + skip))
    minus_one = [LEVEL.format(value=v, key=k) for v, k in ((-1, "a"), (1, "b"))]
    with pytest.raises(RubricError, match="kept for SKIP answers"):
        load_rubric_file(write(tmp_path, rubric_text(levels=minus_one)))


@pytest.mark.parametrize("rubric_id", available_rubrics())
def test_every_shipped_rubric_states_its_order_and_its_papers_flow(rubric_id):
    rubric = load_rubric(rubric_id)
    text = (rubrics_dir() / f"{rubric_id}.toml").read_text(encoding="utf-8")
    assert f'order = "{rubric.order.value}"' in text
    values = [level.value for level in rubric.worst_to_best]
    assert values == sorted(values)
    assert rubric.order is (ScaleOrder.BEST_FIRST if rubric_id in ("vcr5", "good-bad-skip")
                            else ScaleOrder.WORST_FIRST)
    demo = "vicr-demo" if rubric_id == "vicr5" else f"{rubric_id}-demo"
    flow = open_project(sample_project_dir().parent / demo).flow.base
    if rubric_id == "vicr5":  # VICR's Rating Game is the app's default flow
        assert rubric.defaults == {} and flow.dwell_seconds == 3 and flow.feedback
    else:  # none of the other papers had a minimum dwell, a tutorial or a probation
        assert (flow.dwell_seconds, flow.tutorial, flow.probation) == (0, False, False)
        assert flow.feedback is (rubric_id == "flickr8k4")  # that sample shows the consensus
