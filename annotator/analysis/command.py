"""What ``annotator analyze`` (:mod:`annotator.commands.analyze`) reads and prints: its
inputs, the summary and the CSV tables."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from annotator.analysis.loading import load_ratings_csv, load_session_file, project_table
from annotator.analysis.metrics import METRICS_FILE, MetricScores, load_metrics_csv
from annotator.analysis.table import RatingTable
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import Project


def load_input(source: Path | None, ratings_csv: Path | None
               ) -> tuple[RatingTable, Project | None]:
    """A project folder (and its project), a session file, or (``--ratings-csv``) a
    ratings CSV."""
    if (source is None) == (ratings_csv is None):
        raise AnnotatorError("Give either a project folder / session file, or --ratings-csv.")
    if source is None:
        return load_ratings_csv(ratings_csv), None
    if source.is_dir():
        project = open_project(source)
        return project_table(project), project
    if not source.exists():
        raise AnnotatorError("There is no such file or folder.", file=source)
    return load_session_file(source), None


def load_metrics(given: Path | None, source: Path | None,
                 table: RatingTable) -> MetricScores | None:
    """``--metrics FILE``, else ``metrics.csv`` of a project folder when it has one."""
    if given is None and source is not None and (source / METRICS_FILE).is_file():
        given = source / METRICS_FILE
    return None if given is None else load_metrics_csv(given, table.item_ids)


def items_table(table: RatingTable, summary: dict) -> str:
    """items.csv: item_id, n, mean, vote, sd (blank where undefined)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["item_id", "n", "mean", "vote", "sd"])
    for i, item_id in enumerate(table.item_ids):
        if summary["n"][i]:
            writer.writerow([item_id, int(summary["n"][i]), _number(summary["mean"][i]),
                             _number(summary["vote"][i]), _number(summary["sd"][i])])
    return out.getvalue()


def taggers_table(taggers: dict[str, dict]) -> str:
    """taggers.csv: one row per tagger with the figures of the JSON's ``taggers``."""
    columns = ["n", "n_compared", "ea", "aa", "la", "bias", "score", "tutorial_score",
               "median_seconds"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["tagger", *columns])
    for name, entry in taggers.items():
        writer.writerow([name, *(_number(entry[c]) for c in columns)])
    return out.getvalue()


def _number(value: Any) -> str:
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value == value:
        return f"{value:.6g}"
    return ""


def _fig(value: Any) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _mean_sd(entry: dict) -> str:
    if entry["mean"] is None:
        return "n/a"
    return f"{entry['mean']:.3f} ± {entry['sd']:.3f}" if entry["sd"] is not None \
        else f"{entry['mean']:.3f}"


def summary_text(report: dict) -> str:
    """The readable summary printed by the command (figures are fractions, not × 100)."""
    a = report["alpha"]
    ci = a["ci95"]
    lines = [
        f"{report['n_ratings']} ratings (game/retest) by {report['n_taggers']} taggers "
        f"on {report['n_items']} items; levels {', '.join(f'{v:g}' for v in report['levels'])}",
        f"Krippendorff's alpha ({a['level']}): {_fig(a['value'])}"
        + (f"  95% CI {ci[0]:.3f} to {ci[1]:.3f} ({a['bootstrap']} resamples)" if ci else ""),
        "  by round: " + ", ".join(f"{r}: {_fig(v)}" for r, v in report["alpha_by_round"].items()),
        f"Fleiss' kappa {_fig(report['fleiss_kappa'])}, percent agreement "
        f"{_fig(report['percent_agreement'])}, Gwet's AC1 {_fig(report['gwet_ac1'])}",
    ]
    real, chance = report["virtual_raters"], report["virtual_raters_chance"]
    lines.append(f"Virtual raters ({real['reps']} repetitions, {real['n_items']} items with "
                 "3+ ratings): real | chance (ratings shuffled across items)")
    for name in ("tau_x_yz", "tau_y_xz", "tau_z_xy", "kendall_w", "fleiss_kappa",
                 "fleiss_kappa_45"):
        lines.append(f"  {name:16s} {_mean_sd(real[name]):>16s} | {_mean_sd(chance[name])}")
    loo = {t: v for t, v in report["alpha_leave_one_out"].items() if v is not None}
    if loo:
        worst = max(loo, key=lambda t: loo[t])
        lines.append(f"Leaving one tagger out raises alpha most without {worst}: "
                     f"{_fig(loo[worst])}")
    if report["retest"]:
        ranked = sorted(report["retest"].items(),
                        key=lambda tr: (tr[1]["alpha"] is not None, tr[1]["alpha"] or 0))
        lines.append(f"Test-retest for {len(ranked)} taggers; lowest alpha (alpha, tau_b, "
                     "items): " + "; ".join(
                         f"{t} {_fig(r['alpha'])} {_fig(r['tau'])} {r['n_items']}"
                         for t, r in ranked[:5]))
    for name, figures in (report["questions"] or {}).items():
        means = " → ".join(f"{figures[stage]['mean']:.2f} {word}" for stage, word in
                           (("pre", "before"), ("post", "with the image")) if stage in figures)
        change = figures["change"]
        same = f" ({change['share_same']:.0%} of answers unchanged)" if change else ""
        lines.append(f"Question {name}: mean {means}{same}")
    checks = report["checks"]
    if checks is not None:
        failed = checks["failed_taggers"]
        lines.append(f"Attention checks ({checks['n_check_pairs']} pairs): "
                     + (f"failed by {', '.join(failed)}" if failed else "nobody failed"))
        if checks["excluded"] is not None:
            lines.append(f"Left out: {len(checks['excluded']['taggers'])} taggers who failed "
                         f"them, with their {checks['excluded']['ratings']} ratings.")
    disputed = report["items"]["most_disputed"][:5]
    if disputed:
        lines.append("Most disputed items: " + ", ".join(
            f"{d['item_id']} (sd {d['sd']:.2f})" for d in disputed))
    lines += metrics_lines(report["metrics"])
    if report["reasons"]:
        lines.append(f"{len(report['reasons'])} figures are undefined (null); the JSON's "
                     "'reasons' says why.")
    return "\n".join(lines)


def metrics_lines(block: dict | None) -> list[str]:
    """One Table-4-like line per metric: τ_c with its interval, τ_b, ρ, r, and the ceiling."""
    if block is None:
        return []
    lines = [f"Metric benchmark ({block['file']}; {block['unknown_items']} item ids not in "
             "the ratings): tau_c per rating [95% CI], tau_b / rho / r on item means; "
             "human ceiling = one rating held out against the others"]
    for name, entry in block["by_metric"].items():
        ci = entry["tau_c"]["ci95"]
        interval = f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""
        lines.append(
            f"  {name:16s} tau_c {_fig(entry['tau_c']['value'])}{interval}, tau_b "
            f"{_fig(entry['tau_b']['value'])}, rho {_fig(entry['spearman']['value'])}, r "
            f"{_fig(entry['pearson']['value'])} on {entry['n_items']} items; ceiling "
            f"{_mean_sd(entry['ceiling'])}")
    for c in block["comparisons"]:
        ci = c["ci95"]
        lines.append(f"  {c['a']} - {c['b']}: tau_c difference {_fig(c['difference'])}"
                     + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "")
                     + f" on {c['n_items']} items")
    return lines
