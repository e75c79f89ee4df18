#!/usr/bin/python3
"""The corpus's reference reading: every sheet of every file, read by readers independent of ours
(openpyxl for .xlsx/.xlsm, xlrd for .xls, odfpy for .ods, Python's csv module for .csv), as JSON
on standard output. Debian: apt-get install python3-openpyxl python3-xlrd python3-odf.

Cell encoding (shared with scripts/corpus/compare.ts):
  null            empty
  ["s", text]     text
  ["n", number]   number
  ["b", bool]     boolean
  ["d", serial]   a date or time: its Excel serial number in the 1900 system (days since 1899-12-30)
  ["e", text]     an error value (#N/A, #DIV/0!)
A sheet is [name, [[rowNumber, [cells...]], ...]] with blank rows left out and trailing empty
cells dropped. A file the reference cannot read is {"error": "..."}.
"""
import codecs
import csv
import datetime
import io
import json
import os
import sys

EPOCH = datetime.datetime(1899, 12, 30)


def serial(value):
    if isinstance(value, datetime.datetime):
        delta = value - EPOCH
    elif isinstance(value, datetime.date):
        delta = datetime.datetime(value.year, value.month, value.day) - EPOCH
    elif isinstance(value, datetime.time):
        return (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) / 86400
    elif isinstance(value, datetime.timedelta):
        return value.total_seconds() / 86400
    return delta.days + delta.seconds / 86400 + delta.microseconds / 86400e6


def cell(value):
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return ["b", value]
    if isinstance(value, (int, float)):
        return ["n", value]
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)):
        number = serial(value)
        return ["n", number] if number < 0 else ["d", number]  # no date before 1900: Excel shows ####
    text = str(value)
    if text.startswith("#") and text in ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA"):
        return ["e", text]
    return ["s", text]


def trim(rows):
    out = []
    for number, cells in rows:
        while cells and cells[-1] is None:
            cells.pop()
        if cells:
            out.append([number, cells])
    return out


ESCAPE = __import__("re").compile(r"_x([0-9A-Fa-f]{4})_")


def unescape(value):
    # OOXML escapes characters XML cannot hold as _xHHHH_ (ECMA-376 Part 1, 22.9.2.19); openpyxl 3.0 leaves them.
    if isinstance(value, str) and "_x" in value:
        return ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), value)
    return value


def read_xlsx(path):
    import openpyxl
    # read_only streams each sheet's cells as written (a <dimension> of XFD1048576 costs nothing).
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    sheets = []
    for ws in wb.worksheets:
        if not hasattr(ws, "reset_dimensions"):
            continue
        ws.reset_dimensions()  # else rows are padded to the <dimension>, which may say XFD1048576
        rows = {}
        for row in ws.iter_rows():
            for c in row:
                if getattr(c, "row", None) is None or c.value is None:
                    continue
                rows.setdefault(c.row, {})[c.column] = cell(unescape(c.value))
        grid = [[r, [cols.get(i) for i in range(1, max(cols) + 1)]] for r, cols in sorted(rows.items())]
        sheets.append([ws.title, trim(grid)])
    wb.close()
    return sheets


def read_xls(path):
    import xlrd
    book = xlrd.open_workbook(path, formatting_info=False, on_demand=True, logfile=sys.stderr)
    sheets = []
    for sh in book.sheets():
        rows = []
        for r in range(sh.nrows):
            cells = []
            for c in range(sh.ncols):
                t = sh.cell_type(r, c)
                v = sh.cell_value(r, c)
                if t in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
                    cells.append(None)
                elif t == xlrd.XL_CELL_DATE and v < 0:
                    cells.append(["n", v])  # no date before 1900: Excel shows ####
                elif t == xlrd.XL_CELL_DATE:
                    # Days since 1899-12-30: 1904 dates moved, and Excel's phantom 29 Feb 1900 taken out.
                    cells.append(["d", v + (1462 if book.datemode == 1 else (1 if 1 <= v < 60 else 0))])
                elif t == xlrd.XL_CELL_BOOLEAN:
                    cells.append(["b", bool(v)])
                elif t == xlrd.XL_CELL_ERROR:
                    cells.append(["e", xlrd.error_text_from_code.get(v, "#ERR")])
                else:
                    cells.append(cell(v))
            rows.append([r + 1, cells])
        sheets.append([sh.name, trim(rows)])
    return sheets


def ods_text(node):
    # The text of a paragraph: spans followed, <text:s c="n"/> as n spaces, tabs and line breaks kept.
    from odf.namespaces import TEXTNS
    out = []
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE:
            out.append(child.data)
        elif child.qname == (TEXTNS, "s"):
            out.append(" " * int(child.getAttrNS(TEXTNS, "c") or 1))
        elif child.qname == (TEXTNS, "tab"):
            out.append("\t")
        elif child.qname == (TEXTNS, "line-break"):
            out.append("\n")
        elif child.qname[1] != "annotation":
            out.append(ods_text(child))
    return "".join(out)


def read_ods(path):
    from odf.opendocument import load
    from odf import table, text
    from odf.namespaces import OFFICENS, TABLENS
    doc = load(path)
    sheets = []
    for t in doc.spreadsheet.getElementsByType(table.Table):
        rows = []
        r = 0
        for row in t.getElementsByType(table.TableRow):
            repeat_rows = int(row.getAttrNS(TABLENS, "number-rows-repeated") or 1)
            cells = []
            for c in row.childNodes:
                if c.qname[1] not in ("table-cell", "covered-table-cell"):
                    continue
                repeat = int(c.getAttrNS(TABLENS, "number-columns-repeated") or 1)
                kind = c.getAttrNS(OFFICENS, "value-type")
                if kind in ("float", "percentage", "currency"):
                    v = ["n", float(c.getAttrNS(OFFICENS, "value"))]
                elif kind == "date":
                    d = c.getAttrNS(OFFICENS, "date-value")
                    v = ["d", serial(datetime.datetime.fromisoformat(d) if "T" in d else datetime.date.fromisoformat(d))]
                elif kind == "time":
                    import re
                    m = re.match(r"-?PT(\d+)H(\d+)M([\d.]+)S", c.getAttrNS(OFFICENS, "time-value"))
                    v = ["d", (int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))) / 86400] if m else None
                elif kind == "boolean":
                    v = ["b", c.getAttrNS(OFFICENS, "boolean-value") == "true"]
                else:
                    # Paragraphs of the cell itself: not those of an annotation (a comment) inside it.
                    ps = [ods_text(p) for p in c.childNodes if p.qname == (text.P().qname[0], "p")]
                    v = cell("\n".join(ps)) if ps else None
                if c.qname[1] == "covered-table-cell":
                    v = None  # hidden under a merged cell: a spreadsheet shows only the top-left value
                cells.extend([v] * min(repeat, 1024))
            for _ in range(min(repeat_rows, 2)):
                r += 1
                rows.append([r, list(cells)])
            r += repeat_rows - min(repeat_rows, 2)
        sheets.append([t.getAttribute("name"), trim(rows)])
    return sheets


def read_csv(path):
    data = open(path, "rb").read()
    for bom, enc in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            text_ = data.decode(enc)
            break
    else:
        try:
            text_ = data.decode("utf-8")
        except UnicodeDecodeError:
            text_ = data.decode("cp1252", errors="replace")
    sample = "\n".join(l for l in text_.splitlines()[:20] if l.strip())
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        delimiter = ","
    rows = [[i + 1, [cell(f) for f in rec]] for i, rec in enumerate(csv.reader(io.StringIO(text_, newline=""), delimiter=delimiter))]
    return [[os.path.splitext(os.path.basename(path))[0], trim(rows)]]


READERS = {".xlsx": read_xlsx, ".xlsm": read_xlsx, ".xls": read_xls, ".ods": read_ods, ".csv": read_csv}


def main(root):
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            ext = os.path.splitext(name)[1].lower()
            if ext not in READERS:
                continue
            rel = os.path.relpath(path, root)
            print(rel, file=sys.stderr, flush=True)
            try:
                out[rel] = READERS[ext](path)
            except Exception as error:  # noqa: BLE001 - any failure means "the reference cannot read it"
                out[rel] = {"error": f"{type(error).__name__}: {str(error)[:200]}"}
    json.dump(dict(sorted(out.items())), sys.stdout, separators=(",", ":"))


if __name__ == "__main__":
    main(sys.argv[1])
