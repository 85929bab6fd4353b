#!/usr/bin/env python3
"""Extracts the report column metadata that platforms publish in their official SDK packages on
PyPI into a small JSON snapshot committed beside the connector (issue 17, decision 0907).

    python3 scripts/catalogues/extract-sdk-metadata.py bing-ads
    python3 scripts/catalogues/extract-sdk-metadata.py pinterest-ads

The package is downloaded with pip into a temporary directory and read there: nothing of it is
installed, committed or needed at run time. Then regenerate the connector's catalogue from the
snapshot: npx tsx engine/connectors/<id>/generate-catalogue.ts
"""
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The pinned packages: bump a version here, re-run, regenerate, and review the diff.
PACKAGES = {
    "bing-ads": ("bingads", "13.0.30.1", "bingads/v13/proxies/production/reporting_service.xml"),
    "pinterest-ads": ("pinterest-generated-client", "0.1.12", "openapi_generated/pinterest_client/model"),
}

XS = "{http://www.w3.org/2001/XMLSchema}"


def download(package: str, version: str, into: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check", "-q", "-d", str(into), f"{package}=={version}"],
        check=True,
    )
    (archive,) = [p for p in into.iterdir() if p.suffix in (".whl", ".gz", ".zip")]
    out = into / "unpacked"
    if archive.suffix == ".gz":
        with tarfile.open(archive) as tar:
            tar.extractall(out, filter="data")
    else:
        with zipfile.ZipFile(archive) as z:
            z.extractall(out)
    return out


def find(root: Path, relative: str) -> Path:
    matches = [p for p in root.rglob(Path(relative).name) if p.as_posix().endswith(relative)]
    if not matches:
        raise SystemExit(f"{relative} is not in the package")
    return matches[0]


def enum_values(simple_type: ET.Element) -> list:
    return [e.get("value") for e in simple_type.iter(XS + "enumeration")]


def bing(root: Path, relative: str) -> dict:
    """Every ReportRequest type of the Reporting service WSDL: its columns, aggregations and scope."""
    wsdl = find(root, relative)
    schema = ET.parse(wsdl).getroot()
    complex_types = {c.get("name"): c for c in schema.iter(XS + "complexType") if c.get("name")}
    simple_types = {s.get("name"): s for s in schema.iter(XS + "simpleType") if s.get("name")}
    strip = lambda t: (t or "").split(":")[-1]
    reports = {}
    for name, ctype in sorted(complex_types.items()):
        ext = ctype.find(f"{XS}complexContent/{XS}extension")
        if ext is None or strip(ext.get("base")) != "ReportRequest":
            continue
        elements = {e.get("name"): strip(e.get("type")) for e in ext.iter(XS + "element")}
        array = complex_types[elements["Columns"]]
        (item,) = [strip(e.get("type")) for e in array.iter(XS + "element")]
        aggregation = elements.get("Aggregation")
        reports[name] = {
            "columns": enum_values(simple_types[item]),
            "aggregations": enum_values(simple_types[aggregation]) if aggregation else [],
            "time": "Time" in elements,
            "scope": elements.get("Scope"),
        }
    return {"source": relative, "sha256": hashlib.sha256(wsdl.read_bytes()).hexdigest(), "reports": reports}


PY_ALLOWED = re.compile(r"allowed_values = \{\s*\('value',\): \{(.*?)\n\s*\},\s*\}", re.S)


def py_enum(model_dir: Path, module: str) -> list:
    text = (model_dir / f"{module}.py").read_text()
    block = PY_ALLOWED.search(text)
    if not block:
        raise SystemExit(f"no allowed values in {module}")
    return re.findall(r"'[^']+': \"([^\"]+)\"", block.group(1))


def pinterest(root: Path, relative: str) -> dict:
    """The generated client's enums: async report columns, levels, granularities, targeting breakdowns."""
    model_dir = find(root, relative + "/reporting_column_async.py").parent
    modules = {
        "columns": "reporting_column_async",
        "levels": "metrics_reporting_level",
        "granularities": "granularity",
        "targetingTypes": "ads_analytics_targeting_type",
        "attributionTypes": "conversion_report_attribution_type",
    }
    enums = {key: py_enum(model_dir, module) for key, module in modules.items()}
    digest = hashlib.sha256("".join((model_dir / f"{m}.py").read_text() for m in modules.values()).encode()).hexdigest()
    return {"source": relative, "sha256": digest, **enums}


EXTRACT = {"bing-ads": bing, "pinterest-ads": pinterest}


def main() -> None:
    platform = sys.argv[1] if len(sys.argv) > 1 else ""
    if platform not in PACKAGES:
        raise SystemExit(f"usage: extract-sdk-metadata.py {'|'.join(PACKAGES)}")
    package, version, relative = PACKAGES[platform]
    with tempfile.TemporaryDirectory() as tmp:
        root = download(package, version, Path(tmp))
        snapshot = {"package": package, "version": version, **EXTRACT[platform](root, relative)}
    target = ROOT / "engine" / "connectors" / platform / "sdk-metadata.json"
    target.write_text(json.dumps(snapshot, indent=1) + "\n")
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
