"""The parts of two XLSX workbooks that differ (JSON list of names): each part compared byte
for byte, except docProps/core.xml, which holds the time the workbook was written."""
import json
import sys
import zipfile

a, b = (zipfile.ZipFile(p) for p in sys.argv[1:3])
names = sorted(set(a.namelist()) | set(b.namelist()))
differ = [n for n in names if n != "docProps/core.xml"
          and (n not in a.namelist() or n not in b.namelist() or a.read(n) != b.read(n))]
print(json.dumps(differ))
