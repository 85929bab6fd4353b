"""fakesnow's HTTP server for the official Node.js driver (snowflake-sdk), used by the Snowflake
destination tests. Run with the python of the fakesnow virtualenv (scripts/setup.d/fakesnow.sh):

    python fakesnow_node.py --port PORT [--password SECRET]

Every statement is executed by fakesnow (DuckDB under Snowflake's SQL dialect). This file only
bridges two gaps between fakesnow 0.12 and the Node driver, both in the response envelope:

1. Result format. fakesnow answers queries and DDL with `queryResultFormat: "arrow"` (what the
   Python, JDBC and Go drivers read). The Node driver reads only Snowflake's JSON result format
   (`rowset`: every value a string or null, dates as days since 1970-01-01, timestamps as
   "epoch.fraction", booleans "1"/"0"), which is what Snowflake itself sends to it. We decode the
   Arrow stream and re-encode it as JSON rows; the rowtype, query id and all else are fakesnow's.
   DML answers are JSON already; they only get the `returned` count the Node driver waits for.
2. Credentials. fakesnow accepts any user and password. With --password, a login with another
   password gets the response Snowflake gives a wrong password (code 390100, HTTP 200,
   success false), so that the loader's check can be tested against a refused login.
3. `ALTER SESSION SET LOCK_TIMEOUT = n`, which fakesnow does not implement, runs as a no-op.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import decimal
import gzip
import json
import re

import pyarrow as pa
import uvicorn

from fakesnow.server import app as fakesnow_app

EPOCH = dt.date(1970, 1, 1)
NOP_SESSION_SETTINGS = re.compile(r"^\s*ALTER\s+SESSION\s+SET\s+LOCK_TIMEOUT\s*=\s*\d+\s*$", re.IGNORECASE)


def json_cell(value: object, column: dict) -> str | None:
    if value is None:
        return None
    kind = str(column.get("type", "")).lower()
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, dict) and "epoch" in value:  # fakesnow's Snowflake-style timestamp struct
        if value["epoch"] is None:  # a NULL timestamp arrives as a struct of nulls
            return None
        text = f"{value['epoch']}.{int(value.get('fraction') or 0):09d}"
        return f"{text} {value['timezone']}" if "timezone" in value else text
    if isinstance(value, dt.datetime):
        seconds = value.replace(tzinfo=value.tzinfo or dt.timezone.utc).timestamp()
        return f"{int(seconds // 1)}.{value.microsecond * 1000:09d}"
    if isinstance(value, dt.date):
        return str((value - EPOCH).days)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    if isinstance(value, bytes):
        return value.hex() if kind == "binary" else value.decode("utf-8", "replace")
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def arrow_to_rowset(data: dict) -> None:
    encoded = data.pop("rowsetBase64", "") or ""
    rowtype = data.get("rowtype") or []
    rows: list[list[str | None]] = []
    if encoded:
        table = pa.ipc.open_stream(base64.b64decode(encoded)).read_all()
        columns = [table.column(i).to_pylist() for i in range(table.num_columns)]
        for r in range(table.num_rows):
            rows.append([json_cell(columns[c][r], rowtype[c] if c < len(rowtype) else {}) for c in range(len(columns))])
    data["queryResultFormat"] = "json"
    data["rowset"] = rows
    data["returned"] = len(rows)
    data["total"] = len(rows)


async def read_request(scope, receive) -> tuple[bytes, bool, object]:
    """The whole request body, whether it was gzipped, and its JSON."""
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    raw = b"".join(chunks)
    gzipped = dict(scope.get("headers") or []).get(b"content-encoding") == b"gzip"
    return raw, gzipped, json.loads(gzip.decompress(raw) if gzipped else raw)


def replaying(raw: bytes, receive):
    """A receive() that hands the app the (already read) body once, then defers to the client."""
    replayed = False

    async def replay():
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": raw, "more_body": False}

    return replay


def node_bridge(app, password: str | None):
    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        path = scope.get("path", "")

        if password is not None and path == "/session/v1/login-request":
            raw, _, body = await read_request(scope, receive)
            if body["data"].get("PASSWORD") != password:
                payload = json.dumps(
                    {
                        "data": {"nextAction": "RETRY_LOGIN", "authnMethod": "USERNAME_PASSWORD", "errorCode": "390100"},
                        "code": "390100",
                        "message": "Incorrect username or password was specified.",
                        "success": False,
                        "headers": None,
                    }
                ).encode()
                await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
                await send({"type": "http.response.body", "body": payload})
                return
            return await app(scope, replaying(raw, receive), send)

        if path != "/queries/v1/query-request":
            return await app(scope, receive, send)

        # 3. Session timeouts. fakesnow does not implement ALTER SESSION SET LOCK_TIMEOUT (one
        # process, no lock waits to bound); it runs a no-op SELECT instead, as fakesnow's own
        # nop_regexes do for the Python connector.
        raw, gzipped, request_json = await read_request(scope, receive)
        if NOP_SESSION_SETTINGS.match(request_json.get("sqlText", "")):
            request_json["sqlText"] = "SELECT 'Statement executed successfully.' AS \"status\""
            raw = json.dumps(request_json).encode()
            raw = gzip.compress(raw) if gzipped else raw
            scope = {
                **scope,
                "headers": [(k, v) for k, v in scope["headers"] if k.lower() != b"content-length"]
                + [(b"content-length", str(len(raw)).encode())],
            }
        start: dict = {}
        parts: list[bytes] = []

        async def capture(message):
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                if not message.get("more_body"):
                    body = b"".join(parts)
                    try:
                        payload = json.loads(body)
                        data = payload.get("data")
                        if isinstance(data, dict) and data.get("queryResultFormat") == "arrow":
                            arrow_to_rowset(data)
                            body = json.dumps(payload).encode()
                        elif isinstance(data, dict) and isinstance(data.get("rowset"), list) and "returned" not in data:
                            # DML answers are JSON already but lack `returned`, which the Node
                            # driver needs to know how many rows to read.
                            data["returned"] = len(data["rowset"])
                            body = json.dumps(payload).encode()
                    except ValueError:
                        pass  # not JSON: pass it through untouched
                    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
                    headers.append((b"content-length", str(len(body)).encode()))
                    await send({"type": "http.response.start", "status": start.get("status", 200), "headers": headers})
                    await send({"type": "http.response.body", "body": body})

        return await app(scope, replaying(raw, receive), capture)

    return wrapped


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--password", default=None)
    args = parser.parse_args()
    uvicorn.run(node_bridge(fakesnow_app, args.password), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
