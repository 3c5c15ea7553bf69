"""A tournament file saved half-edited by hand while the score pad runs: every page that reads it
answers 503 with the file's refusal in one line (its name only, never the server's folder), in
the request's language, and no traceback; put right, the pages work again."""

from __future__ import annotations

import html

import pytest
from conftest import king_final_for_four

from scorekeeper.serve.app import create_app

BROKEN = "rounds: [broken\n"
REFUSAL = "final.yaml:2: malformed YAML: did not find expected ',' or ']'"


@pytest.fixture
def served(tmp_path):
    final = king_final_for_four(tmp_path)
    app = create_app(str(final), language="en")
    app.testing = False  # as served: an exception escaping a page would be a 500
    client = app.test_client()
    assert client.get("/").status_code == 200
    good = final.read_text(encoding="utf-8")
    final.write_text(BROKEN, encoding="utf-8")
    return final, good, client


@pytest.mark.parametrize("path", ["/", "/print", "/draw", "/championship.xlsx"])
def test_each_organiser_page_says_the_files_refusal(served, path):
    final, _good, client = served
    reply = client.get(path)
    page = html.unescape(reply.get_data(as_text=True))
    assert reply.status_code == 503
    assert f"What is served cannot be read just now: {REFUSAL}" in page
    assert str(final.parent) not in page and "Traceback" not in page


def test_the_api_says_it_as_json(served):
    _final, _good, client = served
    reply = client.get("/api/tables")
    assert reply.status_code == 503
    assert reply.get_json() == {"error": "unusable", "message": f"What is served cannot be read just now: {REFUSAL}"}


def test_said_in_the_requests_language(served):
    _final, _good, client = served
    page = html.unescape(client.get("/?lang=pt_BR").get_data(as_text=True))
    assert (
        "O que está sendo servido não pode ser lido agora: final.yaml:2: YAML inválido: esperava-se ',' ou ']'" in page
    )


def test_put_right_the_page_works_again(served):
    final, good, client = served
    final.write_text(good, encoding="utf-8")
    assert client.get("/").status_code == 200
